import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROL_TOKEN as SITE_DEFAULT } from '../../server/config.ts';
import { DEFAULT_CONTROL_TOKEN as STAND_IN_DEFAULT } from '../../standins/stand-in-failure.ts';

/**
 * What ships and what is the demo's (decision 0053): the product (app/, server/, cli/) never loads
 * the stand-ins' code, statically or dynamically; the stand-ins take no site rules from the
 * product, only the shared packages; the shared packages depend on neither.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** Every module a file loads: `import ... from`, `export ... from`, bare `import '...'`, `import(...)`, `require(...)`. */
function loads(file: string): Array<{ specifier: string; literal: boolean }> {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const found: Array<{ specifier: string; literal: boolean }> = [];
  for (const match of text.matchAll(/(?:^|[\s;])(?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm)) found.push({ specifier: (match[1] ?? match[2])!, literal: true });
  for (const match of text.matchAll(/\b(?:import|require)\s*\(\s*([^)]*?)\s*\)/g)) {
    const literal = /^(['"`])([^'"`$]+)\1$/.exec(match[1]!);
    found.push(literal ? { specifier: literal[2]!, literal: true } : { specifier: match[1]!, literal: false });
  }
  return found;
}

/** The repository path a specifier names (relative ones resolved), or the package name. */
function target(file: string, specifier: string): string {
  if (specifier.startsWith('.')) return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
  if (specifier.startsWith('~/')) return path.join('app', specifier.slice(2));
  return specifier;
}

const inside = (where: string, dir: string) => where === dir || where.startsWith(`${dir}/`);

describe('the product never loads the stand-ins', () => {
  const product = [...sources('app'), ...sources('server'), ...sources('cli')];

  it('has product files to check, and sees the imports a file makes', () => {
    expect(product.length).toBeGreaterThan(100);
    // The launcher does start the site: the same reading finds that.
    const launcher = loads('standins/launcher.ts').map(({ specifier }) => target('standins/launcher.ts', specifier));
    expect(launcher).toEqual(expect.arrayContaining(['server/site.ts', './cad-models/router.ts'.replace('./', 'standins/'), '@voltaris/content-files/content-store']));
  });

  it('no file in app/, server/ or cli/ imports from standins/ or @voltaris/standins', () => {
    const offending = product.flatMap((file) =>
      loads(file)
        .filter(({ literal }) => literal)
        .map(({ specifier }) => ({ file, specifier, to: target(file, specifier) }))
        .filter(({ to }) => inside(to, 'standins') || to.startsWith('@voltaris/standins'))
        .map(({ file, specifier }) => `${file}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it('loads nothing by a computed name, but the Remix build the site serves', () => {
    const computed = product.flatMap((file) => loads(file).filter(({ literal }) => !literal).map(({ specifier }) => `${file}: ${specifier}`));
    expect(computed).toEqual([
      // Not a load of the server's: the text of the browser's module script, which imports the route modules Remix named (decision 0065).
      'app/entry.server.tsx: url',
      expect.stringMatching(/^server\/built-remix\.ts: pathToFileURL\(path\.join\(buildDir, 'server\/index\.js'/),
    ]);
  });

  it('says nothing of the stand-ins in its import lines (the issue\'s grep)', () => {
    const lines = product.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => /from '.*standins/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(lines).toEqual([]);
  });
});

describe('the stand-ins and the shared packages', () => {
  /** The demo's entries compose the site with the stand-ins, so they alone start the product. */
  // shared-store-extras.ts (and its test) is the launcher's: it lends the stand-ins the site's own
  // Redis connection, the way the launcher lends them the site's origin (decision 0094).
  const ENTRIES = new Set(['standins/launcher.ts', 'standins/start.ts', 'standins/boot.ts', 'standins/search/serve.ts', 'standins/shared-store-extras.ts', 'standins/shared-store-extras.test.ts']);

  it('stand-ins take no site rules from app/, server/ or cli/ (only the entries start the site)', () => {
    const offending = sources('standins')
      .filter((file) => !ENTRIES.has(file))
      .flatMap((file) => loads(file).map(({ specifier }) => ({ file, to: target(file, specifier) })))
      .filter(({ to }) => ['app', 'server', 'cli'].some((dir) => inside(to, dir)))
      .map(({ file, to }) => `${file}: ${to}`);
    expect(offending).toEqual([]);
  });

  it('the shared packages depend on neither the product nor the stand-ins', () => {
    const offending = sources('packages')
      .flatMap((file) => loads(file).map(({ specifier }) => ({ file, specifier, to: target(file, specifier) })))
      .filter(({ to, specifier }) => ['app', 'server', 'cli', 'standins'].some((dir) => inside(to, dir)) || specifier.startsWith('@voltaris/standins'))
      .map(({ file, specifier }) => `${file}: ${specifier}`);
    expect(offending).toEqual([]);
  });

  it('the site refuses in production the control token the stand-ins publish', () => {
    expect(SITE_DEFAULT).toBe(STAND_IN_DEFAULT);
  });
});
