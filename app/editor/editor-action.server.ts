import { data as routeData, type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node';
import type { RouteFile } from '@voltaris/content-files/content-schema';
import { z } from 'zod';
import { emptyFrontCache } from '../../server/front-cache.ts';
import { LANGUAGES, SITE_LANGUAGES } from '~/cms/language.ts';
import { readForm } from '~/lib/http-errors.server.ts';
import { EDITOR_CACHE_CONTROL, editedPage, editorPaths, requireEditor } from './editor.server.ts';
import { describeLinkWarning, hiddenLinksOf } from './link-warnings.server.ts';
import { copyLanguage, deletePage, unpublishPage } from './page-lifecycle.server.ts';
import { discardDraft, FILE_LANGUAGES, publishPage, readPublished, restoreVersion, saveDraft, type DraftConflict, type FileLanguage } from './page-store.server.ts';
import { describeProblem, type PageProblem } from './validate-page.ts';

/** The page editor's posts (issue 28): save, publish, discard, restore, unpublish, delete, copy. */

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
  // The draft's revision the editor started from, as for a save (0 or absent: no draft then).
  z.object({ intent: z.literal('publish'), page: pageJson, revision: z.coerce.number().int().min(0).default(0), base: z.string().optional() }),
  z.object({ intent: z.literal('discard') }),
  z.object({ intent: z.literal('restore'), version: z.string().min(1), base: z.string().optional() }),
  z.object({ intent: z.literal('unpublish'), base: z.string().optional() }),
  z.object({ intent: z.literal('delete'), confirm: z.literal('yes', { error: 'tick "Delete this page in every language" to confirm' }) }),
  z.object({ intent: z.literal('copy'), from: z.enum(Object.values(FILE_LANGUAGES) as [FileLanguage, ...FileLanguage[]], { error: 'choose a language to copy from' }) }),
]);

export type EditorActionAnswer =
  | { ok: true; message: string; revision?: number; version?: string; warnings?: string[] }
  | { ok: false; message: string; problems?: string[]; conflict?: { savedBy?: string; savedAt?: string; revision: number } };

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

/** Another editor's save (or a publish or discard) came first: nothing is overwritten, this editor's version is kept. */
function conflictAnswer(conflict: DraftConflict, refused: string) {
  const { draft, keptAs } = conflict;
  const what = draft ? `${draft.savedBy} saved this page at ${draft.savedAt}, after you opened it.` : 'The draft you started from was published or discarded after you opened it.';
  return answer({ ok: false, message: `${refused}: ${what} Your version is kept (${keptAs}); reload to see the page as it is now.`, conflict: { ...(draft ? { savedBy: draft.savedBy, savedAt: draft.savedAt, revision: draft.revision } : { revision: 0 }) } }, 409);
}

export async function editorAction({ request, context }: ActionFunctionArgs) {
  const paths = editorPaths(context);
  const user = await requireEditor(request, context);
  // Past the form rate limit the guard lets page posts through, marked, for the page to refuse
  // with what was sent kept (decision 0150): here the canvas keeps it, nothing is taken.
  if (context.formPostsOverLimit) {
    const seconds = context.formPostsOverLimit.retryAfterSeconds;
    return routeData<EditorActionAnswer>({ ok: false, message: `Not taken: too many posts from your address in a minute. Nothing was saved or published; your changes are still here. Try again in ${seconds} s.` }, { status: 429, headers: { 'Cache-Control': EDITOR_CACHE_CONTROL, 'Retry-After': String(seconds) } });
  }
  const { itemPath, fileLanguage, language } = editedPage(request, context);
  const form = await readForm(request);
  const parsed = editorActionInput.safeParse(Object.fromEntries(form));
  if (!parsed.success) return answer({ ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') }, 400);
  const who = user.email;
  const input = parsed.data;
  const problemsOf = (problems: PageProblem[]) => problems.map(describeProblem);
  // REQ-CMS-14: told, not refused; the canvas keeps showing the links.
  const linkWarnings = (route: RouteFile | undefined) => {
    const warnings = route ? hiddenLinksOf(paths, route, fileLanguage).map(describeLinkWarning) : [];
    return warnings.length ? { warnings } : {};
  };
  switch (input.intent) {
    case 'save': {
      const saved = saveDraft(paths, itemPath, fileLanguage, { route: input.page, revision: input.revision, ...(input.base ? { base: input.base } : {}), user: who });
      if (saved.kind === 'invalid') return answer({ ok: false, message: 'The draft is not a page.', problems: problemsOf(saved.problems) }, 400);
      if (saved.kind === 'conflict') return conflictAnswer(saved, 'Not saved');
      return answer({ ok: true, message: `Draft saved (${LANGUAGES[language].nativeName}).`, revision: saved.draft.revision, ...linkWarnings(saved.draft.route) });
    }
    case 'publish': {
      const published = publishPage(paths, itemPath, fileLanguage, { route: input.page, revision: input.revision, ...(input.base ? { base: input.base } : {}), user: who });
      if (published.kind === 'conflict') return conflictAnswer(published, 'Not published');
      if (published.kind === 'invalid') return answer({ ok: false, message: 'Not published: fix these first.', problems: problemsOf(published.problems) }, 422);
      if (published.kind === 'changed-on-disk') return answer({ ok: false, message: 'Not published: the page\'s content file changed on disk since this draft began. Nothing was overwritten; reload to start from it.' }, 409);
      contentPublished(context);
      return answer({ ok: true, message: 'Published.', version: published.version, revision: 0, ...linkWarnings(readPublished(paths, itemPath, fileLanguage).route) });
    }
    case 'discard':
      discardDraft(paths, itemPath, fileLanguage);
      return answer({ ok: true, message: 'Draft discarded.' });
    case 'restore': {
      const restored = restoreVersion(paths, itemPath, fileLanguage, { id: input.version, ...(input.base ? { base: input.base } : {}), user: who });
      if (restored.kind === 'unknown-version') return answer({ ok: false, message: 'No such version of this page.' }, 404);
      if (restored.kind === 'invalid') return answer({ ok: false, message: 'That version does not pass today\'s checks.', problems: problemsOf(restored.problems) }, 422);
      if (restored.kind === 'changed-on-disk') return answer({ ok: false, message: 'Not restored: the page\'s content file changed on disk. Reload first.' }, 409);
      if (restored.kind === 'conflict') return conflictAnswer(restored, 'Not restored');
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
