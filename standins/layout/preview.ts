import type { ComponentRendering, Field, Item, LayoutServiceData, PlaceholdersData, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { ContentStore, guidFrom, routeKey, type ContentProblem } from '@voltaris/content-files/content-store';

/**
 * The preview side of the embedded content host (issue 32, REQ-JSS-11): what Sitecore's preview GraphQL endpoint
 * answers to JSS's GraphQLEditingService in metadata mode. Drafts live beside the published content
 * (`<content dir>/drafts`, the same file layout and schema); the preview answers a page's draft when
 * there is one, its published version otherwise. The live endpoints never read drafts.
 */

/** Drafts, read again on each preview request: an editor's last save shows at once, nothing keeps it. */
export class DraftReader {
  constructor(
    private readonly dir: string | undefined,
    private readonly onProblem?: (problem: ContentProblem) => void,
  ) {}

  /** The draft route of an item in a language (with the published shared placeholders), if any. */
  route(published: ContentStore, itemPath: string, language: string): RouteData | undefined {
    if (!this.dir) return undefined;
    // A draft that breaks the content schema is reported and left out: the published version shows.
    const drafts = new ContentStore({ dir: this.dir, ...(this.onProblem ? { onProblem: this.onProblem } : {}) });
    const draft = drafts.getRoute(itemPath, language);
    if (!draft) return undefined;
    // A draft is a whole route file; header and footer come from the published shared content.
    const base = published.getRoute(itemPath, language);
    return { ...draft, itemLanguage: base?.itemLanguage ?? draft.itemLanguage, itemVersion: (base?.itemVersion ?? 1) + 1, placeholders: { ...base?.placeholders, ...draft.placeholders } };
  }
}

const GUID = /^\{?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\}?$/i;

/** An item's path from what Pages sends as `sc_itemid` (a GUID, with or without braces) or a path. */
export function itemPathOf(store: ContentStore, itemId: string): string | undefined {
  const guid = GUID.exec(itemId.trim())?.[1]?.toUpperCase();
  if (!guid) return itemId.startsWith('/') ? routeKey(itemId) : undefined;
  for (const entry of store.entries()) {
    if (entry.route.itemId?.replace(/[{}]/g, '').toUpperCase() === guid) return entry.itemPath;
  }
  return undefined;
}

/**
 * A field's Sitecore field type (what Pages shows an editor for), by the rendering's componentName
 * (undefined: the page's own field) and the field's path (`['tabs', 'content']` inside a list). The
 * site hands in its component manifest's (app/cms/editing-field-types.ts); a field nobody declares is
 * Sitecore's default, single-line text. Never guessed from the value.
 */
export type FieldTypeOf = (componentName: string | undefined, path: readonly string[]) => string | undefined;

const DEFAULT_FIELD_TYPE = 'single-line text';

interface MetadataSource {
  id: string;
  language: string;
  version: number;
  /** The rendering whose fields these are; undefined for the route's own. */
  componentName: string | undefined;
  /** The list fields above these fields (`['tabs']` for a tab's fields). */
  path: readonly string[];
  fieldType: FieldTypeOf | undefined;
}

function isField(value: unknown): value is Field {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value) && 'value' in (value as object);
}

/** Field metadata as XM Cloud's preview answers it: what Pages needs to edit the field in place. */
function withFieldMetadata(fields: Record<string, unknown> | undefined, source: MetadataSource, owner: string): Record<string, unknown> | undefined {
  if (!fields) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => {
      if (Array.isArray(field)) {
        return [name, (field as Item[]).map((item) => ({ ...item, fields: withFieldMetadata(item.fields, { ...source, id: item.id ?? source.id, path: [...source.path, name] }, `${owner}/${item.name}`) }))];
      }
      if (!isField(field)) return [name, field];
      const metadata = {
        datasource: { id: source.id, language: source.language, revision: guidFrom(`revision:${JSON.stringify(field.value)}`).slice(1, -1).toLowerCase(), version: source.version },
        title: name,
        fieldId: guidFrom(`field:${owner}.${name}`),
        fieldType: source.fieldType?.(source.componentName, [...source.path, name]) ?? DEFAULT_FIELD_TYPE,
        rawValue: typeof field.value === 'object' ? JSON.stringify(field.value) : String(field.value ?? ''),
      };
      return [name, { ...field, metadata }];
    }),
  );
}

function placeholdersWithMetadata(placeholders: PlaceholdersData | undefined, language: string, version: number, fieldType: FieldTypeOf | undefined): PlaceholdersData | undefined {
  if (!placeholders) return placeholders;
  return Object.fromEntries(
    Object.entries(placeholders).map(([name, entries]) => [
      name,
      entries.map((entry) => {
        if (!('componentName' in entry)) return entry;
        const rendering: ComponentRendering = { ...entry };
        if (rendering.fields && rendering.dataSource) rendering.fields = withFieldMetadata(rendering.fields, { id: rendering.dataSource, language, version, componentName: rendering.componentName, path: [], fieldType }, rendering.componentName) as ComponentRendering['fields'];
        if (rendering.placeholders) rendering.placeholders = placeholdersWithMetadata(rendering.placeholders, language, version, fieldType);
        return rendering;
      }),
    ]),
  );
}

export interface EditingLayoutRequest {
  store: ContentStore;
  drafts: DraftReader;
  siteName: string;
  itemId: string;
  language: string;
  /** What Pages asks for: the preview answers the draft when there is one, whatever version is named. */
  version?: string;
  /** The field types of the site's renderings (its component manifest). */
  fieldType?: FieldTypeOf;
}

/**
 * The layout of an item as the preview answers it (`item { rendered }`): the draft or the published
 * route with every field's metadata, in metadata edit mode. Null when the item has no version in the
 * language (Pages then shows its own "no version" message).
 */
export function editingLayout({ store, drafts, siteName, itemId, language, fieldType }: EditingLayoutRequest): LayoutServiceData | null {
  const itemPath = itemPathOf(store, itemId);
  const languageName = store.languageName(language);
  if (!itemPath || !languageName) return null;
  const route = drafts.route(store, itemPath, language) ?? store.getRoute(itemPath, language);
  if (!route) return null;
  const version = route.itemVersion ?? 1;
  const routeSource: MetadataSource = { id: route.itemId ?? guidFrom(`item:${itemPath}`), language: languageName, version, componentName: undefined, path: [], fieldType };
  const rendered: RouteData = {
    ...route,
    fields: withFieldMetadata(route.fields, routeSource, `route:${itemPath}`) as RouteData['fields'],
    placeholders: placeholdersWithMetadata(route.placeholders, languageName, version, fieldType) ?? {},
  };
  return {
    sitecore: {
      context: {
        pageEditing: true,
        pageState: 'edit',
        editMode: 'metadata',
        language: languageName,
        itemPath,
        site: { name: siteName },
        // What XM Cloud hands the page for Pages' canvas: the state of the item being edited.
        clientScripts: [],
        clientData: { 'hrz-canvas-state': { itemId: routeSource.id, itemVersion: version, siteName, language: languageName, pageMode: 'EDIT' } },
      },
      route: rendered,
    },
  } as LayoutServiceData;
}

/**
 * One rendering of an item as the component endpoint answers it for the Design Library
 * (`/sitecore/api/layout/component`): the item's layout with only that rendering, in the placeholder
 * JSS's ComponentLibraryLayout renders.
 */
export function componentLayout(request: EditingLayoutRequest & { uid: string }): LayoutServiceData | null {
  const layout = editingLayout(request);
  const route = layout?.sitecore.route;
  if (!layout || !route) return null;
  const wanted = request.uid.replace(/[{}]/g, '').toLowerCase();
  const find = (placeholders: PlaceholdersData | undefined): ComponentRendering | undefined => {
    for (const entries of Object.values(placeholders ?? {})) {
      for (const entry of entries) {
        if (!('componentName' in entry)) continue;
        if (entry.uid?.replace(/[{}]/g, '').toLowerCase() === wanted) return entry;
        const nested = find(entry.placeholders);
        if (nested) return nested;
      }
    }
    return undefined;
  };
  const rendering = find(route.placeholders);
  if (!rendering) return null;
  return { sitecore: { context: { ...layout.sitecore.context, renderingType: 'component' }, route: { ...route, placeholders: { 'editing-componentmode-placeholder': [rendering] } } } } as LayoutServiceData;
}

/** One page of a language's dictionary, as the preview's `dictionary(first:, after:)` pages it. */
export function dictionaryPage(store: ContentStore, language: string, first: number, after: string | undefined) {
  const entries = Object.entries(store.getPhrases(language) ?? {});
  const start = after ? Number.parseInt(after, 10) || 0 : 0;
  const results = entries.slice(start, start + first).map(([key, value]) => ({ key, value }));
  const end = start + results.length;
  return { results, pageInfo: { endCursor: String(end), hasNext: end < entries.length } };
}
