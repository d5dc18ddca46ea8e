import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { ComponentRendering, PlaceholdersData } from '@sitecore-jss/sitecore-jss/layout';
import { LANGUAGES, SITE_LANGUAGES } from '../../app/cms/language.ts';
import { checkRenderingFields, getComponentManifest } from '../../app/plugins/manifest.ts';
import { ContentStore, routeKey } from '@voltaris/content-files/content-store';
import { routeFileSchema } from '@voltaris/content-files/content-schema';
import { parse as parseYaml } from 'yaml';
import { EXIT, UsageError, type CliIo } from '../io.ts';

/**
 * sitectl content check: every content file parses, every componentName is registered, every
 * rendering that needs a datasource has one (the sandbox page is expected not to), every field has
 * the type its component's manifest gives it (app/plugins/manifest.ts), every route exists in all
 * four languages, internal links resolve, and every dictionary key exists in every language. It
 * reads the React-free manifests, never the components.
 */

/** The page that holds a rendering without a datasource on purpose (issue 2). */
export const EXPECTED_MISSING_DATASOURCE = '/sandbox/missing-datasource';

export interface ContentCheck {
  name: string;
  status: 'pass' | 'fail' | 'expected';
  problems: string[];
}

function renderingsOf(placeholders: PlaceholdersData | undefined): ComponentRendering[] {
  return Object.values(placeholders ?? {}).flatMap((entries) =>
    entries.flatMap((entry) => ('componentName' in entry ? [entry, ...renderingsOf(entry.placeholders)] : [])),
  );
}

function internalLinks(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => internalLinks(item, out));
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const link = record.value as Record<string, unknown> | undefined;
    if (link && typeof link === 'object' && link.linktype === 'internal' && typeof link.href === 'string') out.push(link.href);
    for (const child of Object.values(record)) if (child && typeof child === 'object') internalLinks(child, out);
  }
  return out;
}

/** Whether a route file says `translation: pending` (read raw: the layout data does not carry it). */
function markedPending(dir: string, spelledPath: string, language: string): boolean {
  const folder = spelledPath.replace(/^\/+/, '');
  const file = path.join(dir, 'routes', folder, `${language}.yaml`);
  if (!existsSync(file)) return false;
  try {
    const parsed = routeFileSchema.safeParse(parseYaml(readFileSync(file, 'utf8')) ?? {});
    return parsed.success && parsed.data.translation === 'pending';
  } catch {
    return false;
  }
}

export function checkContent(dir: string): ContentCheck[] {
  const store = new ContentStore({ dir });
  const entries = store.entries();
  const languages = SITE_LANGUAGES.map((code) => LANGUAGES[code].sitecoreLanguage.toLowerCase());
  const where = (entry: { language: string; itemPath: string }) => `${entry.itemPath} (${entry.language})`;

  // The header and footer of shared/<lang>.yaml join every route as the same arrays: a rendering in
  // them is named once, under its own file, not once per page.
  const seen = new Map<unknown, number>();
  for (const entry of entries) for (const list of Object.values(entry.route.placeholders ?? {})) seen.set(list, (seen.get(list) ?? 0) + 1);
  const fileOf = (entry: { language: string; itemPath: string }, list: unknown) => {
    if ((seen.get(list) ?? 0) > 1) return `shared/${entry.language}.yaml`;
    const folder = store.spelledPath(entry.itemPath).replace(/^\/+/, '');
    return `routes/${folder ? `${folder}/` : ''}${entry.language}.yaml`;
  };
  const unknown = new Set<string>();
  const missing: string[] = [];
  const expected: string[] = [];
  const mistyped = new Set<string>();
  for (const entry of entries) {
    for (const [name, list] of Object.entries(entry.route.placeholders ?? {})) {
      for (const rendering of renderingsOf({ [name]: list })) {
        const definition = getComponentManifest(rendering.componentName);
        if (!definition) {
          const problem = `${fileOf(entry, list)} (${where(entry)}): rendering "${rendering.componentName}" is provided by no plugin (no manifest for "${rendering.componentName}" in app/plugins/manifest.ts)`;
          if (entry.itemPath === EXPECTED_MISSING_DATASOURCE) expected.push(problem);
          else unknown.add(fileOf(entry, list).startsWith('shared/') ? problem.replace(` (${where(entry)})`, '') : problem);
          continue;
        }
        if (definition.datasource !== 'none' && !rendering.dataSource) {
          (entry.itemPath === EXPECTED_MISSING_DATASOURCE ? expected : missing).push(`${where(entry)}: ${rendering.componentName} has no datasource`);
        }
        const shared = fileOf(entry, list).startsWith('shared/');
        for (const problem of checkRenderingFields(definition, rendering.fields as Record<string, unknown> | undefined)) {
          mistyped.add(`${fileOf(entry, list)}${shared ? '' : ` (${where(entry)})`}: ${problem.component} field "${problem.field}": ${problem.message}`);
        }
      }
    }
  }

  const byPath = new Map<string, Set<string>>();
  const pending = new Set<string>();
  // An unpublished language version (kept in the folder, not served) still counts as written.
  for (const entry of [...entries, ...store.unpublishedEntries()]) {
    const set = byPath.get(entry.itemPath) ?? new Set<string>();
    set.add(entry.language);
    byPath.set(entry.itemPath, set);
  }
  for (const [itemPath, present] of byPath) {
    if (present.size < languages.length && [...present].some((language) => markedPending(dir, store.spelledPath(itemPath), language))) pending.add(itemPath);
  }
  // A page marked `translation: pending` (a new page from the editor, decision 0076) is expected to
  // lack languages: listed, not failed. Any other page must exist in every language.
  const untranslated: string[] = [];
  const awaitingTranslation: string[] = [];
  for (const [itemPath, present] of byPath) {
    for (const language of languages.filter((code) => !present.has(code))) {
      (pending.has(itemPath) ? awaitingTranslation : untranslated).push(`${itemPath}: no ${language} version${pending.has(itemPath) ? ' (translation pending)' : ''}`);
    }
  }

  const broken: string[] = [];
  for (const entry of entries) {
    for (const href of internalLinks(entry.route)) {
      const target = routeKey(href.split(/[?#]/)[0]!.replace(/^\/(en|de|ja-jp)(?=\/|$)/i, '') || '/');
      if (!byPath.has(target)) broken.push(`${where(entry)}: internal link "${href}" goes to no page`);
    }
  }

  const phrases = new Map(languages.map((language) => [language, store.getPhrases(language) ?? {}]));
  const allKeys = new Set([...phrases.values()].flatMap((p) => Object.keys(p)));
  const keysMissing = [...phrases].flatMap(([language, p]) => [...allKeys].filter((key) => !(key in p)).map((key) => `dictionary ${language}: no "${key}"`));

  const check = (name: string, problems: string[]): ContentCheck => ({ name, status: problems.length ? 'fail' : 'pass', problems });
  // A folder without pages passes every other check: say so rather than report all good.
  const noPages = entries.length === 0 ? [`${dir}: no route files (routes/<path>/<language>.yaml)`] : [];
  return [
    check('every content file parses', [...noPages, ...store.problems.map((p) => `${p.file}: ${p.message}`)]),
    check('every componentName is provided by a plugin', [...unknown]),
    check('every rendering that needs a datasource has one', missing),
    check('every field has the type its component\'s manifest declares', [...mistyped]),
    { name: `the sandbox page ${EXPECTED_MISSING_DATASOURCE} lacks a datasource (expected)`, status: 'expected', problems: expected },
    check(`every route exists in ${languages.join(', ')}`, untranslated),
    { name: 'pages marked translation: pending lack languages (expected)', status: 'expected', problems: awaitingTranslation },
    check('internal links resolve', broken),
    {
      name: 'unpublished pages, and the links to them visitors do not see (expected)',
      status: 'expected',
      problems: [
        ...store.unpublishedEntries().map((entry) => `${store.spelledPath(entry.itemPath)} (${entry.language}): unpublished`),
        ...store.hiddenLinks.map((link) => `${link.on === 'shared' ? `shared/${link.language}.yaml` : where({ language: link.language, itemPath: link.on })}: link "${link.href}" hidden`),
      ],
    },
    check('every dictionary key exists in every language', keysMissing),
  ];
}

export function registerContent(program: Command, io: CliIo, setExit: (code: number) => void) {
  const content = program.command('content').description('check the CMS content files');
  content
    .command('check')
    .description('parse every content file and check components, datasources, languages, links and dictionary keys')
    .option('--dir <dir>', 'content directory', 'fixtures/content')
    .option('--json', 'machine-readable output')
    .addHelpText('after', '\nExamples:\n  $ sitectl content check\n  $ sitectl content check --dir fixtures/content --json')
    .action((options: { dir: string; json?: boolean }) => {
      const dir = path.resolve(options.dir);
      if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`${options.dir}: no such content folder.`);
      const checks = checkContent(dir);
      const failed = checks.some((c) => c.status === 'fail');
      if (options.json) io.out(JSON.stringify({ valid: !failed, checks }, null, 2));
      else {
        for (const c of checks) {
          const mark = c.status === 'pass' ? '✔' : c.status === 'expected' ? '•' : '✖';
          io.out(`${mark} ${c.name}${c.status === 'fail' ? ` (${c.problems.length})` : ''}`);
          for (const problem of c.problems) io.out(`    ${problem}`);
        }
      }
      setExit(failed ? EXIT.problems : EXIT.ok);
    });
  for (const command of content.commands) command.exitOverride();
}
