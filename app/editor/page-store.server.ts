import { createHash, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { routeFileSchema, type RouteFile } from '@voltaris/content-files/content-schema';
import { routeKey } from '@voltaris/content-files/content-store';
import { FILE_LANGUAGES, type FileLanguage } from './file-languages.ts';
import { validatePage, type PageProblem } from './validate-page.ts';

export { FILE_LANGUAGES, type FileLanguage };

/**
 * The page editor's storage (issue 28, decision 0074): the published page is its content file
 * (CONTENT_DIR/routes/<path>/<language>.yaml, what the layout service serves); a draft, the previous
 * versions and the publish log live in DATA_DIR/editor, which every process of a cluster shares.
 * Every write is a whole file renamed into place, so a reader never sees half of one.
 */

export interface EditorPaths {
  contentDir: string;
  dataDir: string;
}


const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** A page's item path as editors may name one: words of letters, digits, dash and underscore. */
export function pagePathProblem(itemPath: string): string | undefined {
  if (itemPath === '/') return undefined;
  const segments = itemPath.split('/').slice(1);
  if (segments.some((segment) => !SEGMENT.test(segment))) return 'a page path is words of letters, digits, dashes and underscores, joined by /';
  if (segments[0]?.toLowerCase() === 'edit') return 'pages under /edit are the editor\'s own';
  return undefined;
}

export function writeAtomically(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

export const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The page's folder under routes/, spelled as it exists on disk (lookups ignore case), or as asked for a new page. */
export function pageFolder(contentDir: string, itemPath: string): string {
  let folder = path.join(contentDir, 'routes');
  for (const segment of itemPath.split('/').filter(Boolean)) {
    const existing = existsSync(folder) ? readdirSync(folder, { withFileTypes: true }).find((entry) => entry.isDirectory() && entry.name.toLowerCase() === segment.toLowerCase()) : undefined;
    folder = path.join(folder, existing?.name ?? segment.toLowerCase());
  }
  return folder;
}

export interface PublishedPage {
  file: string;
  /** Version of the file on disk (a hash of its text); undefined when the page has no file in this language. */
  version?: string;
  route?: RouteFile;
  /** The file does not parse: what is wrong with it. */
  problem?: string;
}

export function readPublished(paths: EditorPaths, itemPath: string, language: FileLanguage): PublishedPage {
  const file = path.join(pageFolder(paths.contentDir, itemPath), `${language}.yaml`);
  if (!existsSync(file)) return { file };
  const text = readFileSync(file, 'utf8');
  try {
    const parsed = routeFileSchema.safeParse(parseYaml(text) ?? {});
    return parsed.success ? { file, version: hashOf(text), route: parsed.data } : { file, version: hashOf(text), problem: parsed.error.issues[0]?.message ?? 'invalid' };
  } catch (error) {
    return { file, version: hashOf(text), problem: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

/** The languages a page has a content file in (published or kept unpublished). */
export function pageLanguages(paths: EditorPaths, itemPath: string): FileLanguage[] {
  const folder = pageFolder(paths.contentDir, itemPath);
  return Object.values(FILE_LANGUAGES).filter((language) => existsSync(path.join(folder, `${language}.yaml`)));
}

/** Where a page stands in one language, as the editor shows it. */
export type LanguageState = 'published' | 'unpublished' | 'draft' | 'none';

export function languageStates(paths: EditorPaths, itemPath: string): Record<FileLanguage, LanguageState> {
  return Object.fromEntries(
    Object.values(FILE_LANGUAGES).map((language) => {
      const published = readPublished(paths, itemPath, language);
      const state: LanguageState = published.version ? (published.route?.unpublished ? 'unpublished' : 'published') : readDraft(paths, itemPath, language) ? 'draft' : 'none';
      return [language, state];
    }),
  ) as Record<FileLanguage, LanguageState>;
}

export interface Draft {
  /** Counts the saves of this draft: a save names the revision it started from. */
  revision: number;
  /** The published file's version the draft started from (undefined: a new page). */
  base?: string;
  route: RouteFile;
  savedBy: string;
  savedAt: string;
  /** The draft began as a copy of this language's version ("copy from English"): it awaits translation. */
  copiedFrom?: FileLanguage;
}

const pageKey = (itemPath: string) => encodeURIComponent(itemPath.toLowerCase());
export const draftFile = (paths: EditorPaths, itemPath: string, language: FileLanguage) => path.join(paths.dataDir, 'editor', 'drafts', language, `${pageKey(itemPath)}.json`);
const historyDir = (paths: EditorPaths, itemPath: string, language: FileLanguage) => path.join(paths.dataDir, 'editor', 'history', language, pageKey(itemPath));
const logFile = (paths: EditorPaths) => path.join(paths.dataDir, 'editor', 'publish-log.jsonl');

export function readDraft(paths: EditorPaths, itemPath: string, language: FileLanguage): Draft | undefined {
  const file = draftFile(paths, itemPath, language);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Draft) : undefined;
}

/** A save or publish that started from another revision of the draft: `draft` is the one there now (none: published or discarded since). */
export interface DraftConflict {
  kind: 'conflict';
  draft?: Draft;
  keptAs: string;
}

export type SaveResult = { kind: 'saved'; draft: Draft } | DraftConflict | { kind: 'invalid'; problems: PageProblem[] };

/**
 * Saves a draft. `revision` is the draft's revision the editor started from (0: none yet): when
 * another editor saved since, nothing is overwritten; this editor's copy is kept beside the draft
 * and the answer names who saved when, so nothing is silently lost.
 */
export function saveDraft(paths: EditorPaths, itemPath: string, language: FileLanguage, input: { route: unknown; revision: number; base?: string; user: string }): SaveResult {
  const parsed = routeFileSchema.safeParse(input.route);
  if (!parsed.success) return { kind: 'invalid', problems: validatePage(input.route).problems };
  const file = draftFile(paths, itemPath, language);
  const current = readDraft(paths, itemPath, language);
  if ((current?.revision ?? 0) !== input.revision) return { kind: 'conflict', ...(current ? { draft: current } : {}), keptAs: keepConflict(paths, itemPath, language, parsed.data, input) };
  const draft: Draft = { revision: input.revision + 1, ...(current?.base ?? input.base ? { base: current?.base ?? input.base } : {}), route: parsed.data, savedBy: input.user, savedAt: new Date().toISOString() };
  writeAtomically(file, JSON.stringify(draft, null, 1));
  return { kind: 'saved', draft };
}

/** An editor's version that lost to another editor's save: kept beside the draft, its path (relative to the data folder) returned. */
function keepConflict(paths: EditorPaths, itemPath: string, language: FileLanguage, route: unknown, input: { revision: number; user: string }): string {
  const keptAs = path.join(path.dirname(draftFile(paths, itemPath, language)), 'conflicts', `${pageKey(itemPath)}.${new Date().toISOString().replace(/[:.]/g, '-')}.${encodeURIComponent(input.user)}.json`);
  writeAtomically(keptAs, JSON.stringify({ route, savedBy: input.user, savedAt: new Date().toISOString(), revision: input.revision }, null, 1));
  return path.relative(paths.dataDir, keptAs);
}

export function discardDraft(paths: EditorPaths, itemPath: string, language: FileLanguage) {
  rmSync(draftFile(paths, itemPath, language), { force: true });
}

export interface HistoryEntry {
  id: string;
  /** When this version was replaced (it was the published page until then). */
  replacedAt: string;
  replacedBy: string;
}

export function listHistory(paths: EditorPaths, itemPath: string, language: FileLanguage): HistoryEntry[] {
  const dir = historyDir(paths, itemPath, language);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .reverse()
    .map((name) => {
      const [stamp = '', by = ''] = name.replace(/\.yaml$/, '').split('__');
      return { id: name.replace(/\.yaml$/, ''), replacedAt: stamp.replace(/^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, '$1:$2:$3.$4Z'), replacedBy: decodeURIComponent(by) };
    });
}

export interface PublishLogEntry {
  at: string;
  by: string;
  action: 'publish' | 'restore' | 'unpublish' | 'delete' | 'copy';
  itemPath: string;
  language: FileLanguage;
  /** The file's version after the act (none after a delete or a copy, which writes a draft). */
  version?: string;
  previous?: string;
  restoredFrom?: string;
  copiedFrom?: FileLanguage;
}

export function appendLog(paths: EditorPaths, entry: PublishLogEntry) {
  mkdirSync(path.dirname(logFile(paths)), { recursive: true });
  appendFileSync(logFile(paths), `${JSON.stringify(entry)}\n`);
}

/** Keeps the file's current text among the page's previous versions (named by when it was replaced and by whom). */
export function keepVersion(paths: EditorPaths, itemPath: string, language: FileLanguage, published: PublishedPage, at: string, user: string) {
  const kept = path.join(historyDir(paths, itemPath, language), `${at.replace(/[:.]/g, '-')}__${encodeURIComponent(user)}.yaml`);
  writeAtomically(kept, readFileSync(published.file, 'utf8'));
}

export function readPublishLog(paths: EditorPaths, limit = 50): PublishLogEntry[] {
  const file = logFile(paths);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as PublishLogEntry)
    .slice(-limit)
    .reverse();
}

export type PublishResult =
  | { kind: 'published'; version: string; entry: PublishLogEntry }
  | { kind: 'invalid'; problems: PageProblem[] }
  | { kind: 'changed-on-disk'; version?: string }
  | DraftConflict;

/**
 * Publishes a page: validated (each problem names component and field), the file on disk the one
 * the editor started from (else it is reported, not overwritten), the previous version kept in the
 * history, the new one renamed into place, the act logged.
 */
export function publishPage(
  paths: EditorPaths,
  itemPath: string,
  language: FileLanguage,
  input: { route: unknown; base?: string; user: string; action?: 'publish' | 'restore'; restoredFrom?: string; text?: string; revision?: number },
): PublishResult {
  const { route, problems } = validatePage(input.route);
  if (!route || problems.length) return { kind: 'invalid', problems };
  // Publishing ends the draft: an editor who started from another revision than the draft's now
  // would throw away a colleague's saved work unseen, so theirs is kept and the publish refused.
  if (input.revision !== undefined) {
    const draft = readDraft(paths, itemPath, language);
    if ((draft?.revision ?? 0) !== input.revision) return { kind: 'conflict', ...(draft ? { draft } : {}), keptAs: keepConflict(paths, itemPath, language, route, { revision: input.revision, user: input.user }) };
  }
  const published = readPublished(paths, itemPath, language);
  if (published.version !== input.base) return { kind: 'changed-on-disk', ...(published.version ? { version: published.version } : {}) };
  const at = new Date().toISOString();
  if (published.version) keepVersion(paths, itemPath, language, published, at, input.user);
  // A new page starts in the language it was created in: marked translation pending, so the content
  // check expects its other languages instead of failing on them (decision 0076). The mark stays
  // while the page lacks a language, whatever the editor sends back, and goes otherwise (a copy from
  // another language carries it in its draft).
  const languages = pageLanguages(paths, itemPath);
  const firstVersion = languages.length === 0;
  const stillPending = published.route?.translation === 'pending' && new Set([...languages, language]).size < Object.keys(FILE_LANGUAGES).length;
  if (input.text === undefined) {
    if (firstVersion || stillPending) route.translation = 'pending';
    else delete route.translation;
    // Publishing from the editor puts an unpublished version back on the site.
    delete route.unpublished;
  }
  // A restored version goes back byte for byte; a page from the editor is written out afresh.
  const text = input.text ?? stringifyYaml(route, { lineWidth: 0 });
  writeAtomically(published.file, text);
  discardDraft(paths, itemPath, language);
  const entry: PublishLogEntry = {
    at,
    by: input.user,
    action: input.action ?? 'publish',
    itemPath,
    language,
    version: hashOf(text),
    ...(published.version ? { previous: published.version } : {}),
    ...(input.restoredFrom ? { restoredFrom: input.restoredFrom } : {}),
  };
  appendLog(paths, entry);
  return { kind: 'published', version: entry.version!, entry };
}

/** Puts a previous version back as the published page (itself a publish: validated, kept, logged). */
export function restoreVersion(paths: EditorPaths, itemPath: string, language: FileLanguage, input: { id: string; base?: string; user: string }): PublishResult | { kind: 'unknown-version' } {
  if (!/^[\w.%-]+$/.test(input.id)) return { kind: 'unknown-version' };
  const file = path.join(historyDir(paths, itemPath, language), `${input.id}.yaml`);
  if (!existsSync(file)) return { kind: 'unknown-version' };
  const text = readFileSync(file, 'utf8');
  return publishPage(paths, itemPath, language, { route: parseYaml(text) ?? {}, text, ...(input.base ? { base: input.base } : {}), user: input.user, action: 'restore', restoredFrom: input.id });
}

/** The page's acts in every language, newest first. */
export function pageLog(paths: EditorPaths, itemPath: string, limit = 20): PublishLogEntry[] {
  const key = routeKey(itemPath);
  return readPublishLog(paths, Number.MAX_SAFE_INTEGER).filter((entry) => routeKey(entry.itemPath) === key).slice(0, limit);
}
