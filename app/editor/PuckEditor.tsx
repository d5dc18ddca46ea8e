import { Puck, type Config, type Data, type Field, type Fields } from '@puckeditor/core';
import '@puckeditor/core/puck.css';
import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import type { RouteFile } from '@voltaris/content-files/content-schema';
import { createContext, isValidElement, useContext, useMemo, useRef, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { DatasourceMessage } from '~/cms/components/Placeholder.tsx';
import { useRegistry } from '~/cms/components/registry-context.tsx';
import { getComponentManifest, listComponentManifests, pagePlaceholders } from '~/plugins/manifest.ts';
import type { ComponentManifest, FieldManifest } from '~/plugins/manifest-types.ts';
import { KeyboardActions } from './KeyboardActions.tsx';
import { newItemProps, toEditorData, toLayoutFields, toRouteFile, type EditorData } from './puck-mapping.ts';

/**
 * The page editor's canvas (issue 28): Puck configured from the component manifests (decision
 * 0073), each rendering drawn by its real component with the data its loader made on the server.
 * Loaded only by the /edit pages, after they hydrate.
 */

export interface PuckEditorProps {
  route: RouteFile;
  renderingData: Record<string, unknown>;
  /** Images of the media library editors pick from. */
  media: readonly string[];
  onChange: (route: RouteFile) => void;
  onPublish: (route: RouteFile) => void;
  headerActions: ReactNode;
  title: string;
  /** The edited page's site language: a new rendering starts with its example in it. */
  language: string;
}

const newId = () => `{${crypto.randomUUID().toUpperCase()}}`;

function imageField(label: string, media: readonly string[]): Field {
  return {
    type: 'custom',
    label,
    render: ({ value, onChange, id }) => {
      const image = (value ?? {}) as { src?: string; alt?: string };
      return (
        <div className="editor-image-field">
          <label htmlFor={`${id}-src`}>Image from the media library</label>
          <select id={`${id}-src`} value={image.src ?? ''} onChange={(event) => onChange({ ...image, src: event.target.value })}>
            <option value="">(none)</option>
            {[...new Set([...(image.src ? [image.src] : []), ...media])].map((src) => (
              <option key={src} value={src}>
                {src}
              </option>
            ))}
          </select>
          {image.src ? <img src={image.src} alt="" width={120} /> : null}
          <label htmlFor={`${id}-alt`}>Alternative text</label>
          <input id={`${id}-alt`} value={image.alt ?? ''} onChange={(event) => onChange({ ...image, alt: event.target.value })} />
        </div>
      );
    },
  };
}

/**
 * A rendering's own single-line text fields are edited in place on the canvas too (Puck's
 * contentEditable: its render gets an InlineTextField element for them, RenderedComponent below
 * hands it to the rendering's FieldText). A list's items are edited in the sidebar only.
 */
function puckField(field: FieldManifest, media: readonly string[], inPlace = false): Field {
  const label = field.required ? `${field.label} *` : field.label;
  switch (field.type) {
    case 'text':
      return field.options ? { type: 'select', label, options: [{ label: '(none)', value: '' }, ...field.options.map((option) => ({ label: option, value: option }))] } : { type: 'text', label, ...(inPlace ? { contentEditable: true } : {}) };
    case 'richText':
      return { type: 'textarea', label: `${label} (HTML)` };
    case 'number':
      return { type: 'number', label };
    case 'date':
      return { type: 'text', label: `${label} (YYYY-MM-DD)` };
    case 'checkbox':
      return { type: 'radio', label, options: [{ label: 'Yes', value: true }, { label: 'No', value: false }] };
    case 'image':
      return imageField(label, media);
    case 'link':
      return {
        type: 'object',
        label,
        objectFields: {
          href: { type: 'text', label: 'Address (/path on this site, or https://...)' },
          text: { type: 'text', label: 'Text' },
          linktype: { type: 'select', label: 'Kind', options: [{ label: 'Internal', value: 'internal' }, { label: 'External', value: 'external' }] },
        },
      };
    case 'list':
      return {
        type: 'array',
        label,
        arrayFields: Object.fromEntries((field.item ?? []).map((one) => [one.name, puckField(one, media)])) as Fields,
        getItemSummary: (item: Record<string, unknown>, index?: number) => {
          const first = Object.values(item).find((value) => typeof value === 'string' && value) ?? (item.link as { text?: string } | undefined)?.text;
          return `${field.itemLabel ?? 'Item'} ${(index ?? 0) + 1}${first ? `: ${String(first)}` : ''}`;
        },
      };
  }
}

function componentFields(manifest: ComponentManifest, media: readonly string[]): Fields {
  const fields: Fields = {};
  if (manifest.datasource === 'required') fields.dataSource = { type: 'text', label: 'Content item (datasource)' };
  for (const param of manifest.params ?? []) fields[`param:${param.name}`] = { type: 'select', label: param.label, options: [{ label: '(default)', value: '' }, ...param.options.map((option) => ({ label: option, value: option }))] };
  for (const field of manifest.fields) fields[field.name] = puckField(field, media, true);
  // Its nested placeholders, as Puck slots taking only what each allows.
  for (const placeholder of manifest.placeholders ?? []) fields[placeholder.name] = { type: 'slot', label: placeholder.label, allow: [...placeholder.allowed] };
  return fields;
}

/**
 * Puck hands a field edited in place to the render as its InlineTextField element, which carries
 * the field's text as its `value` prop: the text for the rendering's fields, the element for its FieldText.
 */
function splitInPlace(props: Record<string, unknown>): { plain: Record<string, unknown>; editable: Record<string, ReactElement> } {
  const plain: Record<string, unknown> = {};
  const editable: Record<string, ReactElement> = {};
  for (const [name, value] of Object.entries(props)) {
    if (isValidElement<{ value?: unknown }>(value)) {
      plain[name] = typeof value.props.value === 'string' ? value.props.value : '';
      editable[name] = value;
    } else plain[name] = value;
  }
  return { plain, editable };
}

/** What each rendering's loader made on the server; it changes when a save revalidates the page. */
const RenderingDataContext = createContext<Record<string, unknown>>({});
/** The editor's own buttons, drawn in Puck's header; they change as a save is under way. */
const HeaderActionsContext = createContext<ReactNode>(null);

function HeaderActions() {
  return (
    <>
      <KeyboardActions />
      {useContext(HeaderActionsContext)}
    </>
  );
}

const OVERRIDES = { headerActions: HeaderActions };

/**
 * One render function per rendering for the life of the page. Puck draws a component's `render`
 * as a component type, so a new function (a new config after the page around the editor renders
 * again: a save, the router discovering the canvas's links) would draw every rendering from
 * scratch and take the caret out of the field the editor is typing in. What changes reaches them
 * through the contexts above.
 */
const renderFunctions = new Map<string, (props: Record<string, unknown>) => ReactElement>();
function renderFor(manifest: ComponentManifest) {
  let render = renderFunctions.get(manifest.name);
  if (!render) {
    render = (props) => <RenderedComponent manifest={manifest} props={props} />;
    renderFunctions.set(manifest.name, render);
  }
  return render;
}

/** `value` as it was when it last changed in content, so that an equal copy does not count as a change. */
function useEqualValue<T>(value: T): T {
  const kept = useRef({ value, json: JSON.stringify(value) });
  const json = JSON.stringify(value);
  if (json !== kept.current.json) kept.current = { value, json };
  return kept.current.value;
}

function RenderedComponent({ manifest, props }: { manifest: ComponentManifest; props: Record<string, unknown> }) {
  const registry = useRegistry();
  const renderingData = useContext(RenderingDataContext);
  const definition = registry.getComponent(manifest.name);
  const id = String(props.id);
  const dataSource = typeof props.dataSource === 'string' ? props.dataSource : '';
  if (!definition) return <p className="editor-note">{manifest.label}: loading…</p>;
  if (manifest.datasource === 'required' && !dataSource) return <DatasourceMessage componentName={manifest.name} />;
  const data = renderingData[id];
  if (manifest.server && data === undefined) {
    return (
      <section className="editor-note" data-component={manifest.name}>
        <strong>{manifest.label}</strong>: its content comes from {manifest.description.toLowerCase()} Save the draft to see it with its data.
      </section>
    );
  }
  if (data && typeof data === 'object' && 'renderingError' in data) return <p className="editor-note">{manifest.label} failed to load its data.</p>;
  const { plain, editable } = splitInPlace(props);
  // FieldText's seam: the plain text stays the value, the in-place editor rides along.
  const layoutFields = toLayoutFields(manifest.fields, plain);
  for (const [name, element] of Object.entries(editable)) layoutFields[name] = { value: String(plain[name] ?? ''), inPlaceEditor: element };
  const fields = layoutFields as ComponentFields;
  const params = Object.fromEntries(Object.entries(props).filter(([key, value]) => key.startsWith('param:') && value !== '').map(([key, value]) => [key.slice(6), String(value)]));
  const { Component } = definition;
  // Puck hands each slot over as a component drawing the nested renderings: a container draws it in its placeholder's place.
  const placeholder = (name: string) => {
    const slot = plain[name];
    if (typeof slot !== 'function') return null;
    const Slot = slot as ComponentType;
    return <Slot />;
  };
  return <Component rendering={{ componentName: manifest.name, uid: id, dataSource, fields, params }} fields={fields} params={params} data={data} lead={false} placeholder={placeholder} />;
}

// The canvas draws in the page itself, where the registry's and the page's contexts reach it.
const IFRAME = { enabled: false };
const MAIN_ALLOWED = pagePlaceholders().find((placeholder) => placeholder.name === 'jss-main')!.allowed;

export default function PuckEditor({ route, renderingData, media, onChange, onPublish, headerActions, title, language }: PuckEditorProps) {
  const original = useRef(route);
  const library = useEqualValue(media);
  const config = useMemo((): Config => {
    const components: Config['components'] = {};
    for (const manifest of listComponentManifests()) {
      if (!MAIN_ALLOWED.includes(manifest.name)) continue;
      components[manifest.name] = {
        label: manifest.label,
        fields: componentFields(manifest, library),
        defaultProps: newItemProps(manifest, crypto.randomUUID().slice(0, 8), language),
        render: renderFor(manifest),
      };
    }
    return {
      components,
      root: {
        fields: {
          displayName: { type: 'text', label: 'Name in navigation' },
          pageTitle: { type: 'text', label: 'Page title' },
          metaDescription: { type: 'textarea', label: 'Description for search engines' },
        },
      },
    };
  }, [library, language]);
  // Puck reads `data` once, when it mounts; later pages of the editor's own come from its changes.
  const data = useMemo(() => toEditorData(route, getComponentManifest, newId) as unknown as Data, [route]);
  // The latest handlers, behind callbacks that stay the same (Puck subscribes again when onChange changes).
  const handlers = useRef({ onChange, onPublish });
  handlers.current = { onChange, onPublish };
  const callbacks = useMemo(() => {
    const toRoute = (next: Data) => toRouteFile(next as unknown as EditorData, original.current, getComponentManifest);
    return { onChange: (next: Data) => handlers.current.onChange(toRoute(next)), onPublish: (next: Data) => handlers.current.onPublish(toRoute(next)) };
  }, []);
  return (
    <RenderingDataContext.Provider value={renderingData}>
      <HeaderActionsContext.Provider value={headerActions}>
        <Puck config={config} data={data} iframe={IFRAME} headerTitle={title} onChange={callbacks.onChange} onPublish={callbacks.onPublish} overrides={OVERRIDES} />
      </HeaderActionsContext.Provider>
    </RenderingDataContext.Provider>
  );
}
