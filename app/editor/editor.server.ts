import { data as routeData, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { routeDataFromFile } from '@voltaris/content-files/content-store';
import type { RenderingInput, RouteFile } from '@voltaris/content-files/content-schema';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { emptyFrontCache } from '../../server/front-cache.ts';
import { AuthRequired, requireUser, signInPath } from '~/auth/session.server.ts';
import type { SessionUser } from '~/auth/user.ts';
import { LANGUAGES, SITE_LANGUAGES, type SiteLanguage } from '~/cms/language.ts';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import type { ErrorPayload } from '~/cms/page-data.ts';
import { locatePage } from '~/cms/page-location.server.ts';
import { prepareRoute } from '~/cms/prepare-route.server.ts';
import { newErrorId } from '~/lib/error-id.ts';
import { readForm } from '~/lib/http-errors.server.ts';
import { RENDERING_MODULES } from '~/plugins/component-modules.server.ts';
import type { RenderingModules } from '~/plugins/component-modules.ts';
import { loadRenderingData } from '~/plugins/rendering-data.server.ts';
import { registry } from '~/plugins/registry.ts';
import { serverRegistry } from '~/plugins/registry.server.ts';
import {
  copyLanguage,
  deletePage,
  discardDraft,
  FILE_LANGUAGES,
  languageStates,
  listHistory,
  pageLanguages,
  pageLog,
  pagePathProblem,
  publishPage,
  readDraft,
  readPublished,
  restoreVersion,
  saveDraft,
  unpublishPage,
  type EditorPaths,
  type FileLanguage,
  type HistoryEntry,
  type LanguageState,
  type PublishLogEntry,
} from './page-store.server.ts';
import { describeProblem, type PageProblem } from './validate-page.ts';

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

/** The page an editor address names: `/de/edit/company/about` edits `/company/about` in German. */
export function editedPage(request: Request, context: AppLoadContext): { language: SiteLanguage; fileLanguage: FileLanguage; itemPath: string } {
  const { language, itemPath } = locatePage(request, context);
  const rest = itemPath.replace(/^\/edit(?=\/|$)/i, '') || '/';
  const problem = pagePathProblem(rest);
  if (problem) throw routeData({ message: problem }, { status: 400, headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
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

export async function loadEditor({ request, context }: LoaderFunctionArgs) {
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
  };
  return routeData(body, { headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
}

/** The largest page an editor may send (a page's content file is a few kB). */
const MAX_PAGE_JSON = 512 * 1024;

const pageJson = z
  .string({ error: 'the page is missing' })
  .max(MAX_PAGE_JSON, 'the page is too large')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'the page is not JSON' });
      return z.NEVER;
    }
  });

const editorActionInput = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('save'), page: pageJson, revision: z.coerce.number().int().min(0), base: z.string().optional() }),
  z.object({ intent: z.literal('publish'), page: pageJson, base: z.string().optional() }),
  z.object({ intent: z.literal('discard') }),
  z.object({ intent: z.literal('restore'), version: z.string().min(1), base: z.string().optional() }),
  z.object({ intent: z.literal('unpublish'), base: z.string().optional() }),
  z.object({ intent: z.literal('delete'), confirm: z.literal('yes', { error: 'tick "Delete this page in every language" to confirm' }) }),
  z.object({ intent: z.literal('copy'), from: z.enum(Object.values(FILE_LANGUAGES) as [FileLanguage, ...FileLanguage[]], { error: 'choose a language to copy from' }) }),
]);

export type EditorActionAnswer =
  | { ok: true; message: string; revision?: number; version?: string }
  | { ok: false; message: string; problems?: string[]; conflict?: { savedBy: string; savedAt: string; revision: number } };

function answer(body: EditorActionAnswer, status = 200) {
  return routeData(body, { status, headers: { 'Cache-Control': EDITOR_CACHE_CONTROL } });
}

/**
 * The content changed: the layout service rereads the files now (its new version keys this
 * process's layout cache; the other processes see the files change), and the front's page cache
 * is emptied, so nobody is served the old page (decision 0075).
 */
function contentPublished(context: AppLoadContext) {
  context.contentChanged?.();
  if (context.config.frontCacheDir) emptyFrontCache(context.config.frontCacheDir);
}

export async function editorAction({ request, context }: ActionFunctionArgs) {
  const paths = editorPaths(context);
  const user = await requireEditor(request, context);
  const { itemPath, fileLanguage, language } = editedPage(request, context);
  const form = await readForm(request);
  const parsed = editorActionInput.safeParse(Object.fromEntries(form));
  if (!parsed.success) return answer({ ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') }, 400);
  const who = user.email;
  const input = parsed.data;
  const problemsOf = (problems: PageProblem[]) => problems.map(describeProblem);
  switch (input.intent) {
    case 'save': {
      const saved = saveDraft(paths, itemPath, fileLanguage, { route: input.page, revision: input.revision, ...(input.base ? { base: input.base } : {}), user: who });
      if (saved.kind === 'invalid') return answer({ ok: false, message: 'The draft is not a page.', problems: problemsOf(saved.problems) }, 400);
      if (saved.kind === 'conflict') {
        return answer({ ok: false, message: `${saved.draft.savedBy} saved this page at ${saved.draft.savedAt}, after you opened it. Your version is kept (${saved.keptAs}); reload to see theirs.`, conflict: { savedBy: saved.draft.savedBy, savedAt: saved.draft.savedAt, revision: saved.draft.revision } }, 409);
      }
      return answer({ ok: true, message: `Draft saved (${LANGUAGES[language].nativeName}).`, revision: saved.draft.revision });
    }
    case 'publish': {
      const published = publishPage(paths, itemPath, fileLanguage, { route: input.page, ...(input.base ? { base: input.base } : {}), user: who });
      if (published.kind === 'invalid') return answer({ ok: false, message: 'Not published: fix these first.', problems: problemsOf(published.problems) }, 422);
      if (published.kind === 'changed-on-disk') return answer({ ok: false, message: 'Not published: the page\'s content file changed on disk since this draft began. Nothing was overwritten; reload to start from it.' }, 409);
      contentPublished(context);
      return answer({ ok: true, message: 'Published.', version: published.version });
    }
    case 'discard':
      discardDraft(paths, itemPath, fileLanguage);
      return answer({ ok: true, message: 'Draft discarded.' });
    case 'restore': {
      const restored = restoreVersion(paths, itemPath, fileLanguage, { id: input.version, ...(input.base ? { base: input.base } : {}), user: who });
      if (restored.kind === 'unknown-version') return answer({ ok: false, message: 'No such version of this page.' }, 404);
      if (restored.kind === 'invalid') return answer({ ok: false, message: 'That version does not pass today\'s checks.', problems: problemsOf(restored.problems) }, 422);
      if (restored.kind === 'changed-on-disk') return answer({ ok: false, message: 'Not restored: the page\'s content file changed on disk. Reload first.' }, 409);
      contentPublished(context);
      return answer({ ok: true, message: 'Restored.', version: restored.version });
    }
    case 'unpublish': {
      const unpublished = unpublishPage(paths, itemPath, fileLanguage, { ...(input.base ? { base: input.base } : {}), user: who });
      if (unpublished.kind === 'refused') return answer({ ok: false, message: `Not unpublished: ${unpublished.message}` }, 409);
      if (unpublished.kind === 'changed-on-disk') return answer({ ok: false, message: 'Not unpublished: the page\'s content file changed on disk. Reload first.' }, 409);
      contentPublished(context);
      const hidden = unpublished.hiddenLinks.length ? ` Links to it are hidden on: ${unpublished.hiddenLinks.join('; ')}.` : '';
      return answer({ ok: true, message: `Unpublished (${LANGUAGES[language].nativeName}): visitors get "not found", the sitemap and the navigation leave it out. Publish to put it back.${hidden}`, version: unpublished.version });
    }
    case 'delete': {
      const deleted = deletePage(paths, itemPath, { user: who });
      if (deleted.kind === 'refused') return answer({ ok: false, message: `Not deleted: ${deleted.message}` }, 409);
      contentPublished(context);
      return answer({ ok: true, message: `Deleted in ${deleted.languages.join(', ')}. Each version is kept below: restore brings it back.` });
    }
    case 'copy': {
      const copied = copyLanguage(paths, itemPath, fileLanguage, { from: input.from, user: who });
      if (copied.kind === 'refused') return answer({ ok: false, message: `Not copied: ${copied.message}` }, 409);
      const from = SITE_LANGUAGES.find((one) => FILE_LANGUAGES[one] === input.from);
      return answer({ ok: true, message: `Copied from ${from ? LANGUAGES[from].nativeName : input.from} into a draft (${LANGUAGES[language].nativeName}), marked for translation. Translate it, then publish.`, revision: copied.draft.revision });
    }
  }
}
