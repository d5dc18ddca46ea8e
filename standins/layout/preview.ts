import type { ComponentRendering, Field, Item, LayoutServiceData, PlaceholdersData, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { routeFileSchema } from '@voltaris/content-files/content-schema';
import { ContentStore, guidFrom, routeDataFromFile, routeKey, type ContentProblem } from '@voltaris/content-files/content-store';

/**
 * The preview side of the embedded content host (issue 32, REQ-JSS-11): what Sitecore's preview GraphQL endpoint
 * answers to JSS's GraphQLEditingService in metadata mode. Drafts live beside the published content
 * (`<content dir>/drafts`, the same file layout and schema); the preview answers a page's draft when
 * there is one, its published version otherwise. The live endpoints never read drafts.
 */

/**
 * The page editor's draft of a page (issue 28, decision 0074), as its store keeps it: a route file
 * (the content schema's) and when it was saved. The site hands in its reader (standins/launcher.ts),
 * so the stand-in does not import the app.
 */
export interface EditorDraft {
  route: unknown;
  savedAt: string;
}
/** The page editor's draft of an item path (lower case, `/company/about`) in a file language (`de`, `ja-jp`). */
export type EditorDraftOf = (itemPath: string, fileLanguage: string) => EditorDraft | undefined;

/** The draft file of a page under `<dir>/routes`, its folders matched ignoring case, as the content store does. */
function draftFileOf(dir: string, itemPath: string, language: string): string | undefined {
  let folder = path.join(dir, 'routes');
  for (const segment of itemPath.split('/').filter(Boolean)) {
    if (!existsSync(folder)) return undefined;
    const found = readdirSync(folder, { withFileTypes: true }).find((entry) => entry.isDirectory() && entry.name.toLowerCase() === segment.toLowerCase());
    if (!found) return undefined;
    folder = path.join(folder, found.name);
  }
  if (!existsSync(folder)) return undefined;
  const name = readdirSync(folder).find((file) => /\.ya?ml$/i.test(file) && file.replace(/\.ya?ml$/i, '').toLowerCase() === language.toLowerCase());
  return name ? path.join(folder, name) : undefined;
}

interface FoundDraft {
  route: RouteData;
  savedAt: number;
}

/**
 * REQ-JSS-13: drafts, read again on each preview request: an editor's last save shows at once, nothing keeps it.
 * Two sources: draft files beside the published content (`<content dir>/drafts`, decision 0077) and
 * the page editor's drafts (DATA_DIR/editor/drafts, decision 0074); when both have the page, the one
 * saved last is what the editor wants to see.
 */
export class DraftReader {
  constructor(
    private readonly dir: string | undefined,
    private readonly onProblem?: (problem: ContentProblem) => void,
    private readonly editorDraft?: EditorDraftOf,
  ) {}

  private fromFiles(itemPath: string, language: string): FoundDraft | undefined {
    if (!this.dir) return undefined;
    // A draft that breaks the content schema is reported and left out: the published version shows.
    const drafts = new ContentStore({ dir: this.dir, ...(this.onProblem ? { onProblem: this.onProblem } : {}) });
    const route = drafts.getRoute(itemPath, language);
    if (!route) return undefined;
    const file = draftFileOf(this.dir, itemPath, language);
    return { route, savedAt: file ? statSync(file).mtimeMs : 0 };
  }

  private fromEditor(itemPath: string, language: string): FoundDraft | undefined {
    const fileLanguage = language.toLowerCase();
    let draft: EditorDraft | undefined;
    try {
      draft = this.editorDraft?.(routeKey(itemPath), fileLanguage);
    } catch (error) {
      this.onProblem?.({ file: `page editor draft ${itemPath} (${fileLanguage})`, message: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
    if (!draft) return undefined;
    const parsed = routeFileSchema.safeParse(draft.route);
    if (!parsed.success) {
      this.onProblem?.({ file: `page editor draft ${itemPath} (${fileLanguage})`, message: parsed.error.issues[0]?.message ?? 'invalid' });
      return undefined;
    }
    // Normalised as the content store normalises a route file: the same ids and uids as the published page.
    return { route: routeDataFromFile(parsed.data, routeKey(itemPath), fileLanguage), savedAt: Date.parse(draft.savedAt) || 0 };
  }

  /** The draft route of an item in a language (with the published shared placeholders), if any. */
  route(published: ContentStore, itemPath: string, language: string): RouteData | undefined {
    const found = [this.fromFiles(itemPath, language), this.fromEditor(itemPath, language)].filter((one): one is FoundDraft => Boolean(one));
    const draft = found.sort((a, b) => b.savedAt - a.savedAt)[0]?.route;
    if (!draft) return undefined;
    // A draft is a whole route file; header and footer come from the published shared content.
    const base = published.getRoute(itemPath, language);
    const shared = base?.placeholders ?? published.sharedPlaceholders(language);
    return { ...draft, itemLanguage: base?.itemLanguage ?? draft.itemLanguage, itemVersion: (base?.itemVersion ?? 1) + 1, placeholders: { ...shared, ...draft.placeholders } };
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

type RenderingWithExperiences = ComponentRendering & { experiences?: Record<string, ComponentRendering> };

function renderingWithMetadata(entry: RenderingWithExperiences, language: string, version: number, fieldType: FieldTypeOf | undefined): RenderingWithExperiences {
  const rendering: RenderingWithExperiences = { ...entry };
  if (rendering.fields && rendering.dataSource) rendering.fields = withFieldMetadata(rendering.fields, { id: rendering.dataSource, language, version, componentName: rendering.componentName, path: [], fieldType }, rendering.componentName) as ComponentRendering['fields'];
  if (rendering.placeholders) rendering.placeholders = placeholdersWithMetadata(rendering.placeholders, language, version, fieldType);
  // Each personalization variant is edited in place too (its own datasource's fields); a hidden one has none.
  if (rendering.experiences) {
    rendering.experiences = Object.fromEntries(Object.entries(rendering.experiences).map(([variant, experience]) => [variant, experience.componentName ? renderingWithMetadata(experience, language, version, fieldType) : experience]));
  }
  return rendering;
}

function placeholdersWithMetadata(placeholders: PlaceholdersData | undefined, language: string, version: number, fieldType: FieldTypeOf | undefined): PlaceholdersData | undefined {
  if (!placeholders) return placeholders;
  return Object.fromEntries(
    Object.entries(placeholders).map(([name, entries]) => [
      name,
      entries.map((entry) => {
        if (!('componentName' in entry)) return entry;
        return renderingWithMetadata(entry, language, version, fieldType);
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
