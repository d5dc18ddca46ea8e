import { data as routeData, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { routeDataFromFile } from '@voltaris/content-files/content-store';
import type { RenderingInput, RouteFile } from '@voltaris/content-files/content-schema';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { AuthRequired, requireUser, signInPath } from '~/auth/session.server.ts';
import type { SessionUser } from '~/auth/user.ts';
import type { SiteLanguage } from '~/cms/language.ts';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { withErrorPhrases } from '~/cms/error-phrases.server.ts';
import type { ErrorPayload } from '~/cms/page-data.ts';
import { locatePage } from '~/cms/page-location.server.ts';
import { prepareRoute } from '~/cms/prepare-route.server.ts';
import { newErrorId } from '../../server/error-id.ts';
import { RENDERING_MODULES } from '~/plugins/component-modules.server.ts';
import type { RenderingModules } from '~/plugins/component-modules.ts';
import { loadRenderingData } from '~/plugins/rendering-data.server.ts';
import { registry } from '~/plugins/registry.ts';
import { serverRegistry } from '~/plugins/registry.server.ts';
import {
  FILE_LANGUAGES,
  languageStates,
  listHistory,
  pageLanguages,
  pageLog,
  pagePathProblem,
  readDraft,
  readPublished,
  type EditorPaths,
  type FileLanguage,
  type HistoryEntry,
  type LanguageState,
  type PublishLogEntry,
} from './page-store.server.ts';
import { } from './validate-page.ts';
import { describeLinkWarning, hiddenLinksOf } from './link-warnings.server.ts';

/** Who may edit pages (issue 28): the site's administrators and the editors. */
export const EDITOR_GROUPS: readonly string[] = ['Internal-Admin', 'editor'];

/** The editor's answers are for one editor, now: never kept by a browser, nginx or a CDN. */
export const EDITOR_CACHE_CONTROL = 'private, no-store';

/**
 * The signed-in editor, or: sign-in for a visitor who is not signed in (or whose session ended),
 * 403 in the page's language for anyone else.
 */
export async function requireEditor(request: Request, context: AppLoadContext): Promise<SessionUser> {
  let user: SessionUser;
  try {
    user = await requireUser(request, context);
  } catch (error) {
    if (error instanceof AuthRequired) {
      const url = new URL(request.url);
      throw redirect(signInPath(`${url.pathname}${url.search}`), { headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
    }
    throw error;
  }
  if (!user.groups.some((group) => EDITOR_GROUPS.includes(group))) throw routeData<ErrorPayload>({ errorId: newErrorId() }, { status: 403, headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
  return user;
}

/**
 * The content files are the CMS only where the site serves them (the embedded layout service);
 * a site on a real Sitecore is edited in Sitecore Pages (the editing host).
 */
export function editorPaths(context: AppLoadContext): EditorPaths {
  if (!context.config.layout.embedded) throw routeData<ErrorPayload>({ errorId: newErrorId() }, { status: 404, headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
  return { contentDir: context.config.layout.contentDir, dataDir: context.config.dataDir };
}

/** The store's refusal of a path under /edit (pagePathProblem checks the words of a path first, then this). */
const RESERVED_PATH_PROBLEM = pagePathProblem('/edit');

/** The page an editor address names: `/de/edit/company/about` edits `/company/about` in German. */
export function editedPage(request: Request, context: AppLoadContext): { language: SiteLanguage; fileLanguage: FileLanguage; itemPath: string } {
  const { language, itemPath } = locatePage(request, context);
  const rest = itemPath.replace(/^\/edit(?=\/|$)/i, '') || '/';
  const problem = pagePathProblem(rest);
  if (problem) {
    // The error page says the reason in the page's language (its dictionary message); `message` is the store's own words.
    const reason = problem === RESERVED_PATH_PROBLEM ? 'error.editorOwnPath' : 'error.pagePath';
    throw routeData({ message: problem, reason }, { status: 400, headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
  }
  return { language, fileLanguage: FILE_LANGUAGES[language], itemPath: rest };
}

/** A new rendering's or a loaded one's stable id: the editor's item id, and the layout's uid. */
function withUids(route: RouteFile, itemPath: string, language: FileLanguage): RouteFile {
  const data = routeDataFromFile(route, itemPath, language);
  const copy = structuredClone(route);
  const visit = (placeholders: Record<string, RenderingInput[]>, given: RouteData['placeholders']) => {
    for (const [name, renderings] of Object.entries(placeholders)) {
      renderings.forEach((rendering, index) => {
        const made = given[name]?.[index] as { uid?: string; placeholders?: RouteData['placeholders'] } | undefined;
        rendering.uid ??= made?.uid;
        if (rendering.placeholders) visit(rendering.placeholders, made?.placeholders ?? {});
      });
    }
  };
  visit(copy.placeholders, data.placeholders);
  return copy;
}

/** A new page's start: a heading and a text to type over. */
export const NEW_PAGE_TEMPLATE: RouteFile = {
  template: 'App Route',
  fields: {},
  placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'new-page-hero', fields: { heading: 'New page' } }] },
};

export interface EditorData {
  language: SiteLanguage;
  fileLanguage: FileLanguage;
  itemPath: string;
  editor: string;
  languages: FileLanguage[];
  /** Each language version's state: published, kept unpublished, only a draft, or none. */
  languageStates: Record<FileLanguage, LanguageState>;
  /** Who did what to this page, in every language, newest first. */
  log: PublishLogEntry[];
  /** What the editor shows: the draft, else the published page, else a template for a new one. */
  route: RouteFile;
  source: 'draft' | 'published' | 'new';
  /** The published file's version the draft is based on (what publishing expects on disk). */
  base?: string;
  revision: number;
  draft?: { savedBy: string; savedAt: string; copiedFrom?: FileLanguage };
  /** This language version is in the content folder but not served (unpublished). */
  unpublished: boolean;
  /** The published file changed on disk after the draft began: publishing would overwrite it, so it is refused. */
  changedOnDisk: boolean;
  publishedProblem?: string;
  history: HistoryEntry[];
  /** Each rendering's server data by uid, as the page's loaders made it. */
  renderingData: Record<string, unknown>;
  phrases: Record<string, string>;
  /** Where the browser finds each rendering's code (the editor draws them all). */
  renderingModules: RenderingModules;
  /** The media library's images, for the image fields. */
  media: string[];
  /** REQ-CMS-14: the links of what is shown that visitors get as text (their page is not published), each naming its component and field. */
  linkWarnings: string[];
}

/** The media library's images (the site's /media files), for editors to pick from. */
function mediaImages(): string[] {
  for (const dir of ['build/client/media', 'public/media']) {
    const root = path.resolve(dir);
    if (!existsSync(root)) continue;
    const out: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(svg|png|jpe?g|webp|gif)$/i.test(entry.name)) out.push(`/media/${path.relative(root, full).split(path.sep).join('/')}`);
      }
    };
    walk(root);
    return out.sort();
  }
  return [];
}

/** Runs the renderings' loaders over the edited page, so the editor shows them with their real data. */
async function renderingData(request: Request, context: AppLoadContext, language: SiteLanguage, itemPath: string, route: RouteFile, fileLanguage: FileLanguage): Promise<Record<string, unknown>> {
  const layout = prepareRoute(routeDataFromFile(route, itemPath, fileLanguage), registry, itemPath);
  const phrases = loadDictionary(context, language);
  await loadRenderingData(layout, { request, context, language, itemPath, responseHeaders: new Headers(), phrases, recordSearch: () => undefined }, serverRegistry);
  const out: Record<string, unknown> = {};
  const visit = (placeholders: RouteData['placeholders'] | undefined) => {
    for (const entries of Object.values(placeholders ?? {})) {
      for (const entry of entries as Array<{ uid?: string; data?: unknown; renderingError?: unknown; placeholders?: RouteData['placeholders'] }>) {
        if (entry.uid && (entry.data !== undefined || entry.renderingError)) out[entry.uid] = entry.renderingError ? { renderingError: entry.renderingError } : entry.data;
        visit(entry.placeholders);
      }
    }
  };
  visit(layout.placeholders);
  return out;
}

/**
 * GET /edit/<page>. Its refusals (403 for a non-editor, 400 for a path that names no page) carry
 * their message's phrases, as a page's do: the shell has only the generic ones.
 */
export function loadEditor({ request, context }: LoaderFunctionArgs) {
  return withErrorPhrases(request, context, () => editorData(request, context));
}

async function editorData(request: Request, context: AppLoadContext) {
  const paths = editorPaths(context);
  const user = await requireEditor(request, context);
  const { language, fileLanguage, itemPath } = editedPage(request, context);
  const published = readPublished(paths, itemPath, fileLanguage);
  const draft = readDraft(paths, itemPath, fileLanguage);
  const source = draft ? 'draft' : published.route ? 'published' : 'new';
  const route = withUids(draft?.route ?? published.route ?? NEW_PAGE_TEMPLATE, itemPath, fileLanguage);
  const base = draft ? draft.base : published.version;
  const body: EditorData = {
    language,
    fileLanguage,
    itemPath,
    editor: user.displayName || user.email,
    languages: pageLanguages(paths, itemPath),
    languageStates: languageStates(paths, itemPath),
    log: pageLog(paths, itemPath),
    route,
    source,
    ...(base ? { base } : {}),
    revision: draft?.revision ?? 0,
    ...(draft ? { draft: { savedBy: draft.savedBy, savedAt: draft.savedAt, ...(draft.copiedFrom ? { copiedFrom: draft.copiedFrom } : {}) } } : {}),
    unpublished: published.route?.unpublished === true,
    changedOnDisk: Boolean(draft) && draft?.base !== published.version,
    ...(published.problem ? { publishedProblem: published.problem } : {}),
    history: listHistory(paths, itemPath, fileLanguage),
    renderingData: await renderingData(request, context, language, itemPath, route, fileLanguage),
    phrases: await loadDictionary(context, language),
    renderingModules: RENDERING_MODULES,
    media: mediaImages(),
    linkWarnings: hiddenLinksOf(paths, route, fileLanguage).map(describeLinkWarning),
  };
  return routeData(body, { headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
}
