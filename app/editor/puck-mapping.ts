import type { RenderingInput, RouteFile } from '@voltaris/content-files/content-schema';
import { exampleIn, type ComponentManifest, type FieldManifest } from '~/plugins/manifest-types.ts';

/**
 * Between a page's content file (RouteFile, what is published) and the page editor's data (Puck's
 * `{ root, content }`): each rendering of the main placeholder is an item whose props are its
 * fields as content files write them (a list's items flattened: `links: [{ link }]`), its content
 * item (`dataSource`), its parameters (`param:<name>`) and, as Puck slots, the nested placeholders
 * its manifest declares (props by placeholder name, arrays of items). React-free, so it is tested alone.
 */

export interface EditorItem {
  type: string;
  props: Record<string, unknown> & { id: string };
}

export interface EditorData {
  root: { props: Record<string, unknown> };
  content: EditorItem[];
}

export const MAIN_PLACEHOLDER = 'jss-main';
const PARAM = 'param:';

/** The route's own fields editors change in the editor's page settings. */
export const ROOT_FIELDS = ['displayName', 'pageTitle', 'metaDescription'] as const;

function itemFields(fields: readonly FieldManifest[], values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    const manifest = fields.find((one) => one.name === name);
    const unwrapped = value && typeof value === 'object' && !Array.isArray(value) && 'value' in value && Object.keys(value).length === 1 ? (value as { value: unknown }).value : value;
    if (manifest?.type === 'list' && Array.isArray(unwrapped)) {
      out[name] = unwrapped.map((item) => itemFields(manifest.item ?? [], ((item as { fields?: Record<string, unknown> }).fields ?? {}) as Record<string, unknown>));
    } else out[name] = unwrapped;
  }
  return out;
}

/** A value worth writing: not empty text, not an image without a source, not a link without an address. */
function meaningful(manifest: FieldManifest | undefined, value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (manifest?.type === 'image') return typeof (value as { src?: unknown }).src === 'string' && (value as { src: string }).src !== '';
  if (manifest?.type === 'link') return typeof (value as { href?: unknown }).href === 'string' && (value as { href: string }).href !== '';
  return true;
}

function cleanObject(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, one]) => one !== undefined && one !== ''));
}

function fileFields(fields: readonly FieldManifest[], props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const manifest of fields) {
    const value = props[manifest.name];
    if (!meaningful(manifest, value)) continue;
    if (manifest.type === 'list') {
      if (!Array.isArray(value) || value.length === 0) continue;
      out[manifest.name] = value.map((item) => ({ fields: fileFields(manifest.item ?? [], (item ?? {}) as Record<string, unknown>) }));
    } else if (manifest.type === 'image' || manifest.type === 'link') out[manifest.name] = cleanObject(value);
    else if (manifest.type === 'number') out[manifest.name] = typeof value === 'number' ? value : Number(value);
    else out[manifest.name] = value;
  }
  return out;
}

type Manifests = (name: string) => ComponentManifest | undefined;

/** A rendering as the editor's item: its nested placeholders its manifest declares become its slots (props by placeholder name). */
function toItem(rendering: RenderingInput, manifests: Manifests, newId: () => string): EditorItem {
  const manifest = manifests(rendering.componentName);
  const params = Object.fromEntries(Object.entries(rendering.params ?? {}).map(([name, value]) => [`${PARAM}${name}`, String(value)]));
  const slots = Object.fromEntries((manifest?.placeholders ?? []).map((placeholder) => [placeholder.name, (rendering.placeholders?.[placeholder.name] ?? []).map((child) => toItem(child, manifests, newId))]));
  // Puck draws an item as `{...defaultProps, ...props}`, and the defaults are the palette's example:
  // each field the file leaves out is given as empty, so the canvas shows what visitors get.
  const empty = Object.fromEntries((manifest?.fields ?? []).map((field) => [field.name, field.type === 'list' ? [] : undefined]));
  return {
    type: rendering.componentName,
    props: { id: rendering.uid ?? newId(), ...(manifest?.datasource === 'required' ? { dataSource: rendering.dataSource } : rendering.dataSource ? { dataSource: rendering.dataSource } : {}), ...params, ...empty, ...itemFields(manifest?.fields ?? [], (rendering.fields ?? {}) as Record<string, unknown>), ...slots },
  };
}

export function toEditorData(route: RouteFile, manifests: Manifests, newId: () => string): EditorData {
  const content = (route.placeholders[MAIN_PLACEHOLDER] ?? []).map((rendering) => toItem(rendering, manifests, newId));
  const rootFields = route.fields as Record<string, unknown>;
  return {
    root: { props: { displayName: route.displayName ?? '', pageTitle: rootFields.pageTitle ?? '', metaDescription: rootFields.metaDescription ?? '' } },
    content,
  };
}

/** What the editor does not show, by rendering uid: personalization variants (decision 0106) and nested placeholders its manifest does not declare. */
function keptByUid(original: RouteFile, manifests: Manifests): Map<string, Pick<RenderingInput, 'experiences' | 'placeholders'>> {
  const kept = new Map<string, Pick<RenderingInput, 'experiences' | 'placeholders'>>();
  const visit = (renderings: readonly RenderingInput[]) => {
    for (const rendering of renderings) {
      const declared = new Set((manifests(rendering.componentName)?.placeholders ?? []).map((placeholder) => placeholder.name));
      const undeclared = Object.fromEntries(Object.entries(rendering.placeholders ?? {}).filter(([name]) => !declared.has(name)));
      const one = { ...(rendering.experiences ? { experiences: rendering.experiences } : {}), ...(Object.keys(undeclared).length ? { placeholders: undeclared } : {}) };
      if (rendering.uid && Object.keys(one).length) kept.set(rendering.uid, one);
      for (const children of Object.values(rendering.placeholders ?? {})) visit(children);
    }
  };
  visit(original.placeholders[MAIN_PLACEHOLDER] ?? []);
  return kept;
}

/** Every rendering uid of a content file, nested ones included. */
function uidsOf(route: RouteFile): Set<string> {
  const uids = new Set<string>();
  const visit = (renderings: readonly RenderingInput[]) => {
    for (const rendering of renderings) {
      if (rendering.uid) uids.add(rendering.uid);
      for (const children of Object.values(rendering.placeholders ?? {})) visit(children);
    }
  };
  for (const renderings of Object.values(route.placeholders)) visit(renderings ?? []);
  return uids;
}

/** Eight hexadecimal digits of an item's id (Puck's `<type>-<uuid>`), for a name of its own. */
const suffixOf = (id: string) => id.replace(/[^0-9a-f]/gi, '').slice(-8).toLowerCase().padStart(8, '0');

/** The content file the editor's data stands for; what the editor does not show (other placeholders, other route fields) is kept from `original`. */
export function toRouteFile(data: EditorData, original: RouteFile, manifests: Manifests): RouteFile {
  // What the editor does not show travels with its rendering, by uid.
  const keptOf = keptByUid(original, manifests);
  const originalUids = uidsOf(original);
  const usedSources = new Set<string>();
  const toRendering = (item: EditorItem): RenderingInput => {
    const manifest = manifests(item.type);
    const params = Object.fromEntries(Object.entries(item.props).filter(([key, value]) => key.startsWith(PARAM) && value !== '' && value !== undefined).map(([key, value]) => [key.slice(PARAM.length), String(value)]));
    const fields = fileFields(manifest?.fields ?? [], item.props);
    let dataSource = typeof item.props.dataSource === 'string' && item.props.dataSource.trim() ? item.props.dataSource.trim() : undefined;
    // The palette gives every rendering of a kind the same defaults while the editor is open: a
    // second one dragged in gets a content item of its own, named after its id. A page's own
    // renderings keep what their file says.
    if (dataSource && usedSources.has(dataSource) && !originalUids.has(item.props.id)) dataSource = `${item.type.toLowerCase()}-${suffixOf(item.props.id)}`;
    if (dataSource) usedSources.add(dataSource);
    const kept = keptOf.get(item.props.id);
    // Its slots are its declared nested placeholders (an empty one is left out, as content files do).
    const placeholders: Record<string, RenderingInput[]> = { ...kept?.placeholders };
    for (const placeholder of manifest?.placeholders ?? []) {
      const children = item.props[placeholder.name];
      if (Array.isArray(children) && children.length) placeholders[placeholder.name] = (children as EditorItem[]).map(toRendering);
    }
    return {
      componentName: item.type,
      uid: item.props.id,
      ...(dataSource ? { dataSource } : {}),
      ...(Object.keys(params).length ? { params } : {}),
      ...(dataSource && Object.keys(fields).length ? { fields: fields as RenderingInput['fields'] } : {}),
      ...(kept?.experiences ? { experiences: kept.experiences } : {}),
      ...(Object.keys(placeholders).length ? { placeholders } : {}),
    };
  };
  const main = data.content.map(toRendering);
  const root = data.root.props;
  const routeFields: Record<string, unknown> = { ...(original.fields as Record<string, unknown>) };
  for (const name of ['pageTitle', 'metaDescription'] as const) {
    if (typeof root[name] === 'string' && root[name] !== '') routeFields[name] = root[name];
    else delete routeFields[name];
  }
  const displayName = typeof root.displayName === 'string' && root.displayName.trim() ? root.displayName.trim() : undefined;
  const { displayName: _previous, ...rest } = original;
  return {
    ...rest,
    ...(displayName ? { displayName } : {}),
    fields: routeFields as RouteFile['fields'],
    placeholders: { ...original.placeholders, [MAIN_PLACEHOLDER]: main },
  };
}

/** The layout service's shape of an item's fields (`{value}` around each), as the renderings read them. */
export function toLayoutFields(fields: readonly FieldManifest[], props: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const manifest of fields) {
    const value = props[manifest.name];
    if (value === undefined) continue;
    if (manifest.type === 'list') {
      out[manifest.name] = (Array.isArray(value) ? value : []).map((item, index) => ({ id: `${manifest.name}-${index}`, name: `${manifest.name}-${index}`, fields: toLayoutFields(manifest.item ?? [], (item ?? {}) as Record<string, unknown>) }));
    } else out[manifest.name] = { value };
  }
  return out;
}

/** A new rendering's props: its manifest's example in the edited page's language, and a content item of its own. */
export function newItemProps(manifest: ComponentManifest, suffix: string, language = 'en'): Record<string, unknown> {
  const example = itemFields(manifest.fields, (exampleIn(manifest, language) ?? {}) as Record<string, unknown>);
  const slots = Object.fromEntries((manifest.placeholders ?? []).map((placeholder) => [placeholder.name, []]));
  return manifest.datasource === 'required' ? { dataSource: `${manifest.name.toLowerCase()}-${suffix}`, ...example, ...slots } : slots;
}
