import { createUsePuck } from '@puckeditor/core';
import { useState } from 'react';

const usePuckStore = createUsePuck();
/** Puck's main placeholder (its root zone). */
const ROOT_ZONE = 'root:default-zone';

/**
 * Puck adds, moves and deletes renderings by drag and drop only: its palette and canvas take focus
 * but no key does anything there. These controls do the same with a keyboard (and a pointer):
 * add a rendering after the selected one (or at the page's end), move the selected one up or down
 * within its placeholder, remove it. Selecting is Puck's outline (a list of buttons) or a click.
 */
export function KeyboardActions() {
  const dispatch = usePuckStore((puck) => puck.dispatch);
  const selected = usePuckStore((puck) => puck.selectedItem);
  const getSelectorForId = usePuckStore((puck) => puck.getSelectorForId);
  const components = usePuckStore((puck) => puck.config.components);
  const rootCount = usePuckStore((puck) => puck.appState.data.content.length);
  const [adding, setAdding] = useState('');
  const [said, setSaid] = useState('');
  const at = selected ? getSelectorForId(String(selected.props.id)) : undefined;
  const zoneCount = usePuckStore((puck) => (at && at.zone !== ROOT_ZONE ? (puck.getItemById(at.zone.split(':')[0] ?? '')?.props[at.zone.split(':')[1] ?? ''] as unknown[] | undefined)?.length ?? 0 : puck.appState.data.content.length));
  const label = (type: string) => components[type]?.label ?? type;
  const add = () => {
    if (!adding) return;
    // After the selected rendering when it sits in the page's main placeholder; a column takes only some kinds.
    const index = at && at.zone === ROOT_ZONE ? at.index + 1 : rootCount;
    dispatch({ type: 'insert', componentType: adding, destinationIndex: index, destinationZone: ROOT_ZONE });
    dispatch({ type: 'setUi', ui: { itemSelector: { index, zone: ROOT_ZONE } } });
    setSaid(`${label(adding)} added as component ${index + 1}.`);
  };
  const move = (by: -1 | 1) => {
    if (!at) return;
    dispatch({ type: 'reorder', sourceIndex: at.index, destinationIndex: at.index + by, destinationZone: at.zone });
    dispatch({ type: 'setUi', ui: { itemSelector: { index: at.index + by, zone: at.zone } } });
    setSaid(`Moved to place ${at.index + by + 1}.`);
  };
  const remove = () => {
    if (!at || !selected) return;
    dispatch({ type: 'remove', index: at.index, zone: at.zone });
    setSaid(`${label(selected.type)} removed. Undo brings it back.`);
  };
  return (
    <div className="editor-keyboard" role="group" aria-label="Components">
      <label htmlFor="editor-add-kind">Add a component</label>
      <select id="editor-add-kind" value={adding} onChange={(event) => setAdding(event.target.value)}>
        <option value="">(choose)</option>
        {Object.keys(components).map((type) => (
          <option key={type} value={type}>
            {label(type)}
          </option>
        ))}
      </select>
      <button type="button" className="button" disabled={!adding} onClick={add}>
        Add
      </button>
      <button type="button" className="button" disabled={!at || at.index === 0} onClick={() => move(-1)}>
        Move up
      </button>
      <button type="button" className="button" disabled={!at || at.index >= zoneCount - 1} onClick={() => move(1)}>
        Move down
      </button>
      <button type="button" className="button" disabled={!at} onClick={remove}>
        Remove
      </button>
      <span className="editor-keyboard__said" role="status">
        {said}
      </span>
    </div>
  );
}
