// citations-rewrite: skip (this file names the patterns it looks for)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A rule's source must resolve inside the repository: code, tests and docs cite the numbers of
 * docs/requirements.md, never documents a reader who cloned only the repository cannot open.
 */
const ROOT = new URL('../..', import.meta.url).pathname;
const REQUIREMENTS = join(ROOT, 'docs/requirements.md');

// Product code, the stand-ins wherever they live, and what reads alongside them.
const CODE_DIRS = ['app', 'server', 'cli', 'standins', 'services', 'packages', 'tests', 'scripts', 'bench', 'fixtures'];
const DOC_PATHS = ['README.md', 'docs'];
const SKIP_DIRS = new Set(['node_modules', 'build', 'dist', '.git', '.data', '.e2e-data', 'playwright-report', 'test-results']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|jsx|css|md|yaml|yml|json|sh|conf)$/;
const SELF = relative(ROOT, new URL(import.meta.url).pathname);

// Built from pieces so that this file does not match itself.
const OUTSIDE_DOCUMENTS = [
  { name: 'a specification section', pattern: new RegExp(`\\b${'SP'}EC\\b`) },
  { name: 'the stack, architecture or style notes', pattern: new RegExp(`\\b(${'STA'}CK|${'ARCHITEC'}TURE|${'STY'}LE)\\.md\\b`) },
  { name: 'the wire-contracts document', pattern: new RegExp(`\\b${'contr'}acts(:|/|\\s+[ABCD]\\.?\\d|\\s+[ABCD]\\b)`) },
  { name: 'the shared folder outside the repository', pattern: new RegExp(`/work/${'sha'}red\\b`) },
];
const CITATION = /\bREQ-([A-Z]+)-(\d+|\*)/g;

function files(start: string): string[] {
  const path = join(ROOT, start);
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  const found: string[] = [];
  for (const entry of readdirSync(path)) {
    if (SKIP_DIRS.has(entry)) continue;
    const full = join(path, entry);
    if (statSync(full).isDirectory()) found.push(...files(relative(ROOT, full)));
    else if (TEXT_FILE.test(entry)) found.push(full);
  }
  return found;
}

function definedRequirements(): { ids: Set<string>; areas: Set<string> } {
  const text = readFileSync(REQUIREMENTS, 'utf8');
  const ids = new Set([...text.matchAll(/\*\*(REQ-([A-Z]+)-\d+)\*\*/g)].map((match) => match[1]!));
  const areas = new Set([...ids].map((id) => id.split('-')[1]!));
  return { ids, areas };
}

interface Hit {
  where: string;
  text: string;
}

function scan(paths: string[], check: (line: string) => string | undefined): Hit[] {
  const hits: Hit[] = [];
  for (const file of paths.flatMap(files)) {
    const rel = relative(ROOT, file);
    if (rel === SELF) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const problem = check(line);
        if (problem) hits.push({ where: `${rel}:${index + 1}`, text: `${problem}: ${line.trim().slice(0, 160)}` });
      });
  }
  return hits;
}

const report = (hits: Hit[]) => hits.map((hit) => `${hit.where}  ${hit.text}`).join('\n');

describe('citations resolve inside the repository', () => {
  const { ids, areas } = definedRequirements();

  it('docs/requirements.md numbers its rules, each once', () => {
    const text = readFileSync(REQUIREMENTS, 'utf8');
    const all = [...text.matchAll(/\*\*(REQ-[A-Z]+-\d+)\*\*/g)].map((match) => match[1]!);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((id, index) => all.indexOf(id) !== index)).toEqual([]);
  });

  it('no code, test or doc cites a document outside the repository', () => {
    const hits = scan([...CODE_DIRS, ...DOC_PATHS], (line) => OUTSIDE_DOCUMENTS.find(({ pattern }) => pattern.test(line))?.name);
    expect(report(hits)).toBe('');
  });

  it('every requirement cited exists in docs/requirements.md', () => {
    const hits = scan([...CODE_DIRS, ...DOC_PATHS], (line) => {
      for (const [citation, area, number] of line.matchAll(CITATION)) {
        if (number === '*' ? !areas.has(area!) : !ids.has(citation)) return `no such requirement ${citation}`;
      }
      return undefined;
    });
    expect(report(hits)).toBe('');
  });

  it('the check itself sees a stray citation', () => {
    const { pattern } = OUTSIDE_DOCUMENTS[0]!;
    expect(pattern.test(`// ${'SP'}EC 9: 5000 cap`)).toBe(true);
    expect(pattern.test('const SPECIAL = 1;')).toBe(false);
    expect(ids.has('REQ-SEARCH-4')).toBe(true);
    expect(ids.has('REQ-SEARCH-999')).toBe(false);
  });
});
