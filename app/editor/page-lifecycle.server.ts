import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { ContentStore, internalLinkTarget, routeKey } from '@voltaris/content-files/content-store';
import { richTextAnchors, richTextLinkTarget } from '@voltaris/content-files/rich-text-links';
import {
  appendLog,
  discardDraft,
  draftFile,
  hashOf,
  keepVersion,
  pageFolder,
  pageLanguages,
  readDraft,
  readPublished,
  writeAtomically,
  type Draft,
  type EditorPaths,
  type FileLanguage,
  type PublishLogEntry,
} from './page-store.server.ts';

/**
 * A page's life beyond publishing (issue 28 item 4, decision 0100): taking a language version off
 * the site, deleting the page, starting a language version from another; each act logged and the
 * replaced file kept in the page's history (page-store.server.ts).
 */

/** Pages below this one that have a content file (in `language`, or in any). */
function subPages(paths: EditorPaths, itemPath: string, language?: FileLanguage): string[] {
  const root = pageFolder(paths.contentDir, itemPath);
  const out: string[] = [];
  const walk = (folder: string, at: string) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const child = path.join(folder, entry.name);
      const childPath = `${at === '/' ? '' : at}/${entry.name}`;
      const files = readdirSync(child).filter((name) => (language ? name === `${language}.yaml` : /\.ya?ml$/.test(name)));
      if (files.length) out.push(childPath);
      walk(child, childPath);
    }
  };
  walk(root, itemPath);
  return out.sort();
}

/** The places on other pages (and in the shared header and footer) with an internal link to this page. */
export function linksTo(paths: EditorPaths, itemPath: string, language?: FileLanguage): string[] {
  const store = new ContentStore({ dir: paths.contentDir });
  const key = routeKey(itemPath);
  const places = new Set<string>();
  const sharedLists = new Map<unknown, number>();
  const entries = store.entries();
  for (const entry of entries) for (const list of Object.values(entry.route.placeholders ?? {})) sharedLists.set(list, (sharedLists.get(list) ?? 0) + 1);
  const visit = (value: unknown, place: string, on: string) => {
    if (Array.isArray(value)) value.forEach((one) => visit(one, place, on));
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if ((!language || on === language) && internalLinkTarget(record.value) === key) places.add(place);
      // Rich text's anchors name their language in the address (/de/...): REQ-CMS-14.
      if (typeof record.value === 'string') {
        for (const anchor of richTextAnchors(record.value)) {
          const to = richTextLinkTarget(anchor.href, on);
          if (to?.itemPath === key && (!language || to.language === language)) places.add(place);
        }
      }
      for (const child of Object.values(record)) if (child && typeof child === 'object') visit(child, place, on);
    }
  };
  for (const entry of entries) {
    for (const list of Object.values(entry.route.placeholders ?? {})) {
      const shared = (sharedLists.get(list) ?? 0) > 1;
      if (!shared && entry.itemPath === key) continue;
      visit(list, shared ? `the header or footer (shared/${entry.language}.yaml)` : `${store.spelledPath(entry.itemPath)} (${entry.language})`, entry.language);
    }
  }
  for (const link of store.hiddenLinks) {
    if (link.target !== key || (language && link.targetLanguage !== language) || link.on === key) continue;
    places.add(link.on === 'shared' ? `the header or footer (shared/${link.language}.yaml)` : `${store.spelledPath(link.on)} (${link.language})`);
  }
  return [...places].sort();
}

export type UnpublishResult =
  | { kind: 'unpublished'; version: string; entry: PublishLogEntry; hiddenLinks: string[] }
  | { kind: 'refused'; message: string }
  | { kind: 'changed-on-disk'; version?: string };

/**
 * Takes one language version off the site and keeps it (marked `unpublished` in its file, the
 * version before kept in the history): visitors of that language get 404, the sitemap and the
 * navigation leave it out, links to it in that language are hidden. Publishing it again, or
 * restoring the version before, puts it back.
 */
export function unpublishPage(paths: EditorPaths, itemPath: string, language: FileLanguage, input: { base?: string; user: string }): UnpublishResult {
  if (itemPath === '/') return { kind: 'refused', message: 'The home page cannot be unpublished: every other page hangs below it.' };
  const published = readPublished(paths, itemPath, language);
  if (!published.version || published.route?.unpublished) return { kind: 'refused', message: 'This language version is not published.' };
  if (published.version !== input.base) return { kind: 'changed-on-disk', version: published.version };
  const below = subPages(paths, itemPath, language).filter((child) => !readPublished(paths, child, language).route?.unpublished);
  if (below.length) return { kind: 'refused', message: `Pages below it are published in this language: ${below.join(', ')}. Unpublish them first.` };
  const hiddenLinks = linksTo(paths, itemPath, language);
  const document = parseDocument(readFileSync(published.file, 'utf8'));
  document.set('unpublished', true);
  const text = document.toString({ lineWidth: 0 });
  const at = new Date().toISOString();
  keepVersion(paths, itemPath, language, published, at, input.user);
  writeAtomically(published.file, text);
  const entry: PublishLogEntry = { at, by: input.user, action: 'unpublish', itemPath, language, version: hashOf(text), previous: published.version };
  appendLog(paths, entry);
  return { kind: 'unpublished', version: entry.version!, entry, hiddenLinks };
}

export type DeleteResult = { kind: 'deleted'; languages: FileLanguage[] } | { kind: 'refused'; message: string };

/**
 * Deletes a page in every language: its content files leave the content folder (each kept in the
 * page's history, from which the editor at its address restores it), its drafts go, each removal
 * is logged. Refused for the home page, a page with pages below it, and a page other pages link
 * to (the links would go nowhere; unpublishing hides them instead).
 */
export function deletePage(paths: EditorPaths, itemPath: string, input: { user: string }): DeleteResult {
  if (itemPath === '/') return { kind: 'refused', message: 'The home page cannot be deleted.' };
  const languages = pageLanguages(paths, itemPath);
  if (!languages.length) return { kind: 'refused', message: 'There is no such page.' };
  const below = subPages(paths, itemPath);
  if (below.length) return { kind: 'refused', message: `Pages below it exist: ${below.join(', ')}. Delete them first.` };
  const links = linksTo(paths, itemPath);
  if (links.length) return { kind: 'refused', message: `Other pages link to it: ${links.join('; ')}. Remove those links first, or unpublish the page (links to an unpublished page are hidden).` };
  const at = new Date().toISOString();
  for (const language of languages) {
    const published = readPublished(paths, itemPath, language);
    keepVersion(paths, itemPath, language, published, at, input.user);
    rmSync(published.file, { force: true });
    discardDraft(paths, itemPath, language);
    appendLog(paths, { at, by: input.user, action: 'delete', itemPath, language, ...(published.version ? { previous: published.version } : {}) });
  }
  const folder = pageFolder(paths.contentDir, itemPath);
  if (existsSync(folder) && readdirSync(folder).length === 0) rmdirSync(folder);
  return { kind: 'deleted', languages };
}

export type CopyResult = { kind: 'copied'; draft: Draft } | { kind: 'refused'; message: string };

/**
 * Starts a language version as a copy of another ("copy from English"): a draft, never published
 * by the copy (visitors of that language must not get another language's text, REQ-LANG-4), marked
 * `translation: pending` and with the language it came from, for an editor to translate and publish.
 */
export function copyLanguage(paths: EditorPaths, itemPath: string, language: FileLanguage, input: { from: FileLanguage; user: string }): CopyResult {
  if (input.from === language) return { kind: 'refused', message: 'Choose another language to copy from.' };
  if (readPublished(paths, itemPath, language).version) return { kind: 'refused', message: 'This page already has a version in this language.' };
  if (readDraft(paths, itemPath, language)) return { kind: 'refused', message: 'A draft of this language version exists: discard it first.' };
  const source = readPublished(paths, itemPath, input.from);
  if (!source.route) return { kind: 'refused', message: source.version ? `The ${input.from} version does not parse: ${source.problem}` : `The page has no ${input.from} version to copy.` };
  const { unpublished: _unpublished, ...route } = structuredClone(source.route);
  const at = new Date().toISOString();
  const draft: Draft = { revision: 1, route: { ...route, translation: 'pending' }, savedBy: input.user, savedAt: at, copiedFrom: input.from };
  writeAtomically(draftFile(paths, itemPath, language), JSON.stringify(draft, null, 1));
  appendLog(paths, { at, by: input.user, action: 'copy', itemPath, language, copiedFrom: input.from });
  return { kind: 'copied', draft };
}
