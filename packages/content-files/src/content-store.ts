import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';
import type { ComponentRendering, Field, Item, PlaceholdersData, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { watch, type FSWatcher } from 'chokidar';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  dictionaryFileSchema,
  formatIssues,
  languageFileName,
  routeFileSchema,
  sharedFileSchema,
  type ContentItemInput,
  type FieldInput,
  type RenderingInput,
  type RouteFile,
} from './content-schema.ts';
import { richTextLinkTarget, withoutAnchors } from './rich-text-links.ts';

export interface ContentProblem {
  file: string;
  message: string;
}

interface LanguageContent {
  /** Sitecore language name as the service reports it (ja-JP). */
  name: string;
  routes: Map<string, RouteData>;
  shared: PlaceholdersData;
  phrases: Record<string, string>;
  /** Item paths whose version in this language is marked `unpublished`: kept, not served. */
  unpublished: Set<string>;
}

/** An internal link the store hides because the page it goes to is unpublished, or missing, in the link's language. */
export interface HiddenLink {
  /** The language of the page the link is on. */
  language: string;
  /** The page the link is on, or `shared` for the header and footer. */
  on: string;
  href: string;
  /** The unpublished page's item path (its lookup key). */
  target: string;
  /** The language the link goes to: the page's own, or (rich text's `/de/...`) the one its address names. */
  targetLanguage: string;
}

/** The item path an internal link goes to (its lookup key), or undefined for other links. */
export function internalLinkTarget(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const link = value as { linktype?: unknown; href?: unknown };
  if (link.linktype !== 'internal' || typeof link.href !== 'string' || !link.href.startsWith('/') || link.href.startsWith('//')) return undefined;
  return routeKey(link.href.split(/[?#]/)[0]!.replace(/^\/(en|de|ja-jp|zh-cn)(?=\/|$)/i, '') || '/');
}

/**
 * REQ-CMS-13: the placeholders without their links to unpublished pages, as a published site has them: a list
 * item carrying such a link (a navigation entry, a link list's row) is left out, a link field on
 * its own is emptied, an anchor in rich text is unwrapped (its text stays, REQ-CMS-14). What
 * holds no such link is returned as it was (the same object).
 */
function withoutLinksTo(placeholders: PlaceholdersData, language: string, hidden: (target: string, language: string) => boolean, found: (href: string, target: string, language: string) => void): PlaceholdersData {
  const hiddenField = (field: unknown): string | undefined => {
    const target = internalLinkTarget((field as { value?: unknown } | undefined)?.value);
    return target !== undefined && hidden(target, language) ? target : undefined;
  };
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      let changed = false;
      const kept = value.flatMap((entry) => {
        const fields = (entry as { fields?: Record<string, unknown> } | undefined)?.fields;
        if (fields && !('componentName' in (entry as object)) && Object.values(fields).some((field) => hiddenField(field) !== undefined)) {
          for (const field of Object.values(fields)) {
            const target = hiddenField(field);
            if (target) found(((field as { value?: { href?: string } }).value?.href) ?? '', target, language);
          }
          changed = true;
          return [];
        }
        const next = visit(entry);
        if (next !== entry) changed = true;
        return [next];
      });
      return changed ? kept : value;
    }
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      const single = Object.keys(record).length === 1;
      const target = internalLinkTarget(record.value);
      if (target && hidden(target, language) && single) {
        found(String((record.value as { href: string }).href), target, language);
        return { value: {} };
      }
      if (single && typeof record.value === 'string') {
        const goesNowhere = (href: string) => {
          const to = richTextLinkTarget(href, language);
          return to !== undefined && hidden(to.itemPath, to.language);
        };
        const { html, dropped } = withoutAnchors(record.value, goesNowhere);
        for (const href of dropped) {
          const to = richTextLinkTarget(href, language)!;
          found(href, to.itemPath, to.language);
        }
        return dropped.length ? { value: html } : value;
      }
      let changed = false;
      const next: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(record)) {
        next[key] = child && typeof child === 'object' ? visit(child) : child;
        if (next[key] !== child) changed = true;
      }
      return changed ? next : value;
    }
    return value;
  };
  return visit(placeholders) as PlaceholdersData;
}

/** Deterministic GUIDs, so item ids and rendering uids are stable between loads and machines. */
export function guidFrom(seed: string): string {
  const hex = createHash('sha1').update(seed).digest('hex');
  return `{${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}}`.toUpperCase();
}

export function sitecoreLanguageName(fileLanguage: string): string {
  const [base, region] = fileLanguage.split('-');
  return region ? `${base}-${region.toUpperCase()}` : fileLanguage;
}

/**
 * Sitecore wildcard items: a route folder named `,-w-,` (Sitecore's encoding of `*` in paths)
 * answers for any path below its parent that has no route of its own; the deepest one wins. The
 * rendering on it reads the rest of the path from the page address (the catalogue's categories).
 */
export const WILDCARD_SEGMENT = ',-w-,';

export const loggerSettingsSchema = z.object({
  level: z.enum(['error', 'warn', 'info', 'debug']),
  sendClientErrors: z.boolean().default(false),
});
export type LoggerSettings = z.infer<typeof loggerSettingsSchema>;
export const DEFAULT_LOGGER_SETTINGS: LoggerSettings = { level: 'info', sendClientErrors: false };

function wildcardRoute(routes: Map<string, RouteData>, key: string): RouteData | undefined {
  const segments = key.split('/').filter(Boolean);
  for (let depth = segments.length - 1; depth >= 0; depth -= 1) {
    const candidate = routes.get(`/${[...segments.slice(0, depth), WILDCARD_SEGMENT].join('/')}`);
    if (candidate) return candidate;
  }
  return undefined;
}

export function routeKey(itemPath: string): string {
  const trimmed = itemPath.trim().toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

function toField(value: FieldInput, seed: string): Field | Item[] {
  if (Array.isArray(value)) return value.map((item, index) => toItem(item, `${seed}/${index}`));
  if (value !== null && typeof value === 'object') {
    if ('value' in value) return { value: value.value as Field['value'] };
    return { value };
  }
  return { value };
}

function toFields(fields: Record<string, FieldInput> | undefined, seed: string) {
  return Object.fromEntries(Object.entries(fields ?? {}).map(([name, value]) => [name, toField(value, `${seed}.${name}`)]));
}

function toItem(item: ContentItemInput, seed: string): Item {
  const name = item.name ?? seed.split('/').pop() ?? 'item';
  return {
    id: item.id ?? guidFrom(seed),
    name,
    displayName: item.displayName ?? name,
    ...(item.url ? { url: item.url } : {}),
    fields: toFields(item.fields, seed),
  };
}

function toRendering(input: RenderingInput, seed: string): ComponentRendering {
  const rendering: ComponentRendering = {
    uid: input.uid ?? guidFrom(seed),
    componentName: input.componentName,
    // A rendering with no chosen content item comes without fields and with an empty dataSource (REQ-JSS-5).
    dataSource: input.dataSource ? guidFrom(`datasource:${input.dataSource}`) : '',
    params: Object.fromEntries(Object.entries(input.params ?? {}).map(([k, v]) => [k, String(v)])),
  };
  if (input.dataSource) rendering.fields = toFields(input.fields, `${seed}:${input.dataSource}`) as ComponentRendering['fields'];
  if (input.placeholders) rendering.placeholders = toPlaceholders(input.placeholders, seed);
  // Sitecore's experiences: each variant keeps the rendering's uid (Pages and personalization address
  // it by uid); a hidden variant is Sitecore's `componentName: null, dataSource: null`.
  if (input.experiences) {
    (rendering as ComponentRendering & { experiences: Record<string, unknown> }).experiences = Object.fromEntries(
      Object.entries(input.experiences).map(([variant, experience]) => [
        variant,
        'hidden' in experience ? { uid: rendering.uid, componentName: null, dataSource: null, params: {} } : { ...toRendering(experience, `${seed}#${variant}`), uid: rendering.uid },
      ]),
    );
  }
  return rendering;
}

function toPlaceholders(placeholders: Record<string, RenderingInput[]>, seed: string): PlaceholdersData {
  return Object.fromEntries(
    Object.entries(placeholders).map(([name, renderings]) => [
      name,
      renderings.map((r, index) => toRendering(r, `${seed}/${name}/${index}`)),
    ]),
  );
}

function listYamlFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    // Missing, or a page's folder deleted since its parent was listed.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listYamlFiles(full));
    else if (/\.ya?ml$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/**
 * A route file as the layout service sends it: ids and rendering uids derived from the item path,
 * shorthand fields expanded to `{value}`. The page editor renders drafts with it.
 */
export function routeDataFromFile(route: RouteFile, itemPath: string, fileLanguage: string): RouteData {
  const name = route.name ?? (itemPath === '/' ? 'home' : itemPath.split('/').pop()!);
  return {
    name,
    displayName: route.displayName ?? name,
    fields: toFields(route.fields, `route:${itemPath}`) as RouteData['fields'],
    databaseName: 'web',
    deviceId: '{FE5D7FDF-89C0-4D99-9AA3-B5FBD009C9F3}',
    itemId: guidFrom(`item:${itemPath}`),
    itemLanguage: sitecoreLanguageName(fileLanguage),
    itemVersion: 1,
    layoutId: guidFrom('layout:main'),
    templateId: guidFrom(`template:${route.template}`),
    templateName: route.template,
    placeholders: toPlaceholders(route.placeholders, `route:${itemPath}`),
  };
}

export interface ContentStoreOptions {
  dir: string;
  /** Reload when a file changes (development), so editors see changes without a restart. */
  watch?: boolean;
  onProblem?: (problem: ContentProblem) => void;
  onReload?: () => void;
  /**
   * A file where what the YAML parser made of each content file is kept between starts, by the
   * file's digest (decision 0107: parsing the demo's content was a tenth of a restart). Unset: every
   * start parses every file. Validation still runs on every load; only the parse is skipped.
   */
  parsedCacheFile?: string;
}

/** Raised when what the parsed cache holds changes shape. */
const PARSED_CACHE_FORMAT = 1;

/** The YAML parser's version and V8's: a parse kept by another of either is not used. */
const PARSED_CACHE_KEY = (() => {
  let yamlVersion = 'unknown';
  try {
    yamlVersion = String((createRequire(import.meta.url)('yaml/package.json') as { version?: unknown }).version);
  } catch {
    // Not resolvable from here (bundled elsewhere): the key still changes with V8 and the format.
  }
  return JSON.stringify({ format: PARSED_CACHE_FORMAT, yaml: yamlVersion, v8: process.versions.v8 });
})();

/** The cache file's parses (digest of the file's bytes -> v8-serialized parse), or none when it does not read back. */
function readParsedCache(file: string | undefined): Map<string, Uint8Array> {
  if (!file) return new Map();
  try {
    const saved = v8.deserialize(readFileSync(file)) as { key?: unknown; parses?: unknown };
    if (saved.key === PARSED_CACHE_KEY && saved.parses instanceof Map) return saved.parses as Map<string, Uint8Array>;
  } catch {
    // None yet, or not readable: every file is parsed and the cache written anew.
  }
  return new Map();
}

/** Written whole to a temporary file and renamed into place: processes sharing a data folder never read half a file. */
function writeParsedCache(file: string, parses: Map<string, Uint8Array>) {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(temporary, v8.serialize({ key: PARSED_CACHE_KEY, parses }));
    renameSync(temporary, file);
  } catch {
    // A cache only: the next start parses again.
    rmSync(temporary, { force: true });
  }
}

/**
 * Reads the content files, validates each one, and keeps what is valid. A bad file is reported
 * with its path and its problem and is left out; every other file is still served.
 */
export class ContentStore {
  private languages = new Map<string, LanguageContent>();
  private watcher?: FSWatcher;
  private reloadTimer?: NodeJS.Timeout;
  problems: ContentProblem[] = [];
  /** Links left out because the page they go to is unpublished in their language (for checks and the editor). */
  hiddenLinks: HiddenLink[] = [];

  /**
   * REQ-CMS-14: whether links to this item path (routeKey's) in this content language are hidden
   * from visitors: the page is in the content folder but not served in that language.
   */
  hidesLinksTo: (itemPath: string, language: string) => boolean = () => false;

  /** Counts the loads: a reader that caches what the files said keys it by this (the site's layout cache). */
  version = 0;

  private loggerSettings: LoggerSettings = DEFAULT_LOGGER_SETTINGS;
  private robots = '';
  /** Item paths as their folders spell them (`/Legal/privacy-statement`); lookups ignore case. */
  private spelledPaths = new Map<string, string>();
  /** Settles once edits are being watched (at once when not watching). */
  readonly watching: Promise<void>;
  /**
   * Each content file's parse by the digest of its bytes, serialized (every load deserializes a
   * fresh copy, so nothing a load makes can change what the next one reads). Kept across loads, so
   * a reload parses only the files that changed, and across starts when `parsedCacheFile` is set.
   */
  private parses: Map<string, Uint8Array>;
  /** The parses the current load used, which become `parses` when it ends. */
  private usedParses = new Map<string, Uint8Array>();

  constructor(private readonly options: ContentStoreOptions) {
    this.parses = readParsedCache(options.parsedCacheFile);
    this.load();
    let markWatching: () => void = () => {};
    this.watching = new Promise((resolve) => (markWatching = resolve));
    if (!options.watch || !existsSync(options.dir)) markWatching();
    if (options.watch && existsSync(options.dir)) {
      // chokidar, not fs.watch: Node 20's recursive fs.watch on Linux misses in-place rewrites.
      this.watcher = watch(options.dir, { ignoreInitial: true }).once('ready', () => markWatching()).on('all', () => {
        clearTimeout(this.reloadTimer);
        this.reloadTimer = setTimeout(() => {
          this.load();
          options.onReload?.();
        }, 50);
      });
    }
  }

  close() {
    clearTimeout(this.reloadTimer);
    void this.watcher?.close();
  }

  get routeCount(): number {
    let count = 0;
    for (const content of this.languages.values()) count += content.routes.size;
    return count;
  }

  private language(fileLanguage: string): LanguageContent {
    let content = this.languages.get(fileLanguage);
    if (!content) {
      content = { name: sitecoreLanguageName(fileLanguage), routes: new Map(), shared: {}, phrases: {}, unpublished: new Set() };
      this.languages.set(fileLanguage, content);
    }
    return content;
  }

  private readFile<S extends z.ZodType>(file: string, schema: S): z.infer<S> | undefined {
    const relative = path.relative(process.cwd(), file) || file;
    try {
      const raw = this.parse(readFileSync(file)) ?? {};
      const parsed = schema.safeParse(raw);
      if (parsed.success) return parsed.data;
      this.report({ file: relative, message: formatIssues(parsed.error) });
    } catch (error) {
      // Deleted since the folder was listed (the editor deletes a page while a check or a reload
      // reads): gone, not broken.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      this.report({ file: relative, message: error instanceof Error ? error.message.split('\n')[0]! : String(error) });
    }
    return undefined;
  }

  /** The YAML parse of a file's bytes, from the kept parses when the same bytes were parsed before. */
  private parse(bytes: Buffer): unknown {
    const digest = createHash('sha256').update(bytes).digest('base64');
    const kept = this.usedParses.get(digest) ?? this.parses.get(digest);
    if (kept) {
      this.usedParses.set(digest, kept);
      return v8.deserialize(kept);
    }
    const parsed: unknown = parseYaml(bytes.toString('utf8'));
    try {
      this.usedParses.set(digest, v8.serialize(parsed));
    } catch {
      // Not serializable (no YAML the schemas accept makes such a value): parsed again next time.
    }
    return parsed;
  }

  private report(problem: ContentProblem) {
    this.problems.push(problem);
    this.options.onProblem?.(problem);
  }

  load() {
    this.usedParses = new Map();
    this.loadFiles();
    // Only the parses of the files as they are now are kept; written when they differ from the file's.
    const changed = this.usedParses.size !== this.parses.size || [...this.usedParses.keys()].some((digest) => !this.parses.has(digest));
    this.parses = this.usedParses;
    if (changed && this.options.parsedCacheFile) writeParsedCache(this.options.parsedCacheFile, this.parses);
  }

  private loadFiles() {
    this.version += 1;
    const { dir } = this.options;
    this.languages = new Map();
    this.spelledPaths = new Map();
    this.problems = [];
    const routesDir = path.join(dir, 'routes');
    const loggerFile = path.join(dir, 'logger-settings.yaml');
    this.loggerSettings = (existsSync(loggerFile) && this.readFile(loggerFile, loggerSettingsSchema)) || DEFAULT_LOGGER_SETTINGS;
    const robotsFile = path.join(dir, 'robots.txt');
    this.robots = existsSync(robotsFile) ? readFileSync(robotsFile, 'utf8') : '';
    for (const file of listYamlFiles(path.join(dir, 'dictionary'))) {
      const lang = languageFileName.exec(path.basename(file))?.[1];
      if (!lang) {
        this.report({ file, message: 'file name must be a language, e.g. de.yaml or ja-jp.yaml' });
        continue;
      }
      const phrases = this.readFile(file, dictionaryFileSchema);
      if (phrases) this.language(lang).phrases = phrases;
    }
    for (const file of listYamlFiles(path.join(dir, 'shared'))) {
      const lang = languageFileName.exec(path.basename(file))?.[1];
      if (!lang) {
        this.report({ file, message: 'file name must be a language, e.g. de.yaml or ja-jp.yaml' });
        continue;
      }
      const shared = this.readFile(file, sharedFileSchema);
      if (shared) this.language(lang).shared = toPlaceholders(shared.placeholders, `shared/${lang}`);
    }
    for (const file of listYamlFiles(routesDir)) {
      const lang = languageFileName.exec(path.basename(file))?.[1];
      if (!lang) {
        this.report({ file, message: 'file name must be a language, e.g. de.yaml or ja-jp.yaml' });
        continue;
      }
      const route = this.readFile(file, routeFileSchema);
      if (!route) continue;
      const folder = path.relative(routesDir, path.dirname(file)).split(path.sep).join('/');
      const itemPath = routeKey(folder);
      this.spelledPaths.set(itemPath, folder ? `/${folder}` : '/');
      if (route.unpublished) this.language(lang).unpublished.add(itemPath);
      else this.language(lang).routes.set(itemPath, routeDataFromFile(route, itemPath, lang));
    }
    this.hiddenLinks = [];
    // A page the content folder has (in any language, published or not) that is not served in the
    // link's language: the link would answer 404. Addresses it does not know (the catalogue's,
    // the app's own) are left alone.
    const known = new Set([...this.languages.values()].flatMap((content) => [...content.routes.keys(), ...content.unpublished]));
    const hidden = (target: string, language: string) => known.has(target) && !this.languages.get(language)?.routes.has(target);
    this.hidesLinksTo = hidden;
    for (const [lang, content] of this.languages) {
      const record = (on: string) => (href: string, target: string, targetLanguage: string) => this.hiddenLinks.push({ language: lang, on, href, target, targetLanguage });
      // Hidden once, at load: the header and footer stay one object every route shares.
      content.shared = withoutLinksTo(content.shared, lang, hidden, record('shared'));
      for (const [itemPath, route] of content.routes) {
        const placeholders = withoutLinksTo(route.placeholders, lang, hidden, record(itemPath));
        if (placeholders !== route.placeholders) content.routes.set(itemPath, { ...route, placeholders });
      }
    }
  }

  /** Language versions kept in the content folder but marked unpublished: not served. */
  unpublishedEntries(): Array<{ language: string; itemPath: string }> {
    return [...this.languages].flatMap(([language, content]) => [...content.unpublished].map((itemPath) => ({ language, itemPath })));
  }

  /** The Sitecore language name for a requested `sc_lang`, case-insensitively, if any content exists in it. */
  languageName(requested: string): string | undefined {
    return this.languages.get(requested.toLowerCase())?.name;
  }

  getRoute(itemPath: string, language: string): RouteData | undefined {
    const content = this.languages.get(language.toLowerCase());
    const route = content ? (content.routes.get(routeKey(itemPath)) ?? wildcardRoute(content.routes, routeKey(itemPath))) : undefined;
    if (!content || !route) return undefined;
    // Shared placeholders (header, footer) join every route that does not define its own.
    return { ...route, placeholders: { ...content.shared, ...route.placeholders } };
  }

  /** A language's shared placeholders (header, footer), which every route without its own gets. */
  sharedPlaceholders(language: string): PlaceholdersData {
    return { ...this.languages.get(language.toLowerCase())?.shared };
  }

  /** REQ-PORT-6 logger settings: `logger-settings.yaml` in the content folder, or these defaults. */
  getLoggerSettings(): LoggerSettings {
    return this.loggerSettings;
  }

  /** The site's robots text as editors wrote it (`robots.txt` in the content folder); empty if none. */
  getRobots(): string {
    return this.robots;
  }

  getPhrases(language: string): Record<string, string> | undefined {
    const content = this.languages.get(language.toLowerCase());
    return content && Object.keys(content.phrases).length > 0 ? content.phrases : undefined;
  }

  /** Every route in every language (shared placeholders joined), for checks and tools. */
  entries(): Array<{ language: string; itemPath: string; route: RouteData }> {
    const out: Array<{ language: string; itemPath: string; route: RouteData }> = [];
    for (const [language, content] of this.languages) {
      for (const itemPath of content.routes.keys()) out.push({ language, itemPath, route: this.getRoute(itemPath, language)! });
    }
    return out;
  }

  /** An item's path as editors spelled it, for links; the lower-case key when unknown. */
  spelledPath(itemPath: string): string {
    return this.spelledPaths.get(routeKey(itemPath)) ?? routeKey(itemPath);
  }

  /** Languages with any content, as file names give them (en, de, ja-jp, zh-cn). */
  languageCodes(): string[] {
    return [...this.languages.keys()].sort();
  }
}
