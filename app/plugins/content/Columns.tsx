import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { COLUMN_PLACEHOLDERS } from './columns.ts';

/**
 * A section of two columns, each a placeholder of its own (`column-1`, `column-2`) holding content
 * renderings (the manifest says which). Side by side from the tablet width, one above the other
 * on phones. Its renderings are this rendering's nested placeholders in the layout data, drawn by
 * whoever draws it (`placeholder`: the page, or the page editor's slots).
 */
function Columns({ placeholder }: RenderingProps) {
  return (
    <section className="columns">
      {COLUMN_PLACEHOLDERS.map((name) => (
        <div key={name} className="columns__column">
          {placeholder?.(name)}
        </div>
      ))}
    </section>
  );
}

export const columns: ComponentDefinition = { name: 'Columns', Component: Columns };
