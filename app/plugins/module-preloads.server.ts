import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderingEntries } from './component-modules.ts';
import { componentDefinition, componentModule } from './component-modules.server.ts';
import type { ModulePreload } from '~/cms/page-data.ts';

export type { ModulePreload };

let chunks: Record<string, string[]> | undefined;

/**
 * build/component-chunks.json, written by the client build (scripts/vite-lazy-components.ts).
 * Absent under the development server, whose modules Vite serves one by one: no preloads then.
 */
function componentChunks(): Record<string, string[]> {
  if (!chunks) {
    try {
      chunks = JSON.parse(readFileSync(path.resolve('build/component-chunks.json'), 'utf8')) as Record<string, string[]>;
    } catch {
      chunks = {};
    }
  }
  return chunks;
}

/**
 * The chunks of the renderings in a page's layout data, each once, each module's own chunk first,
 * then those of the modules a rendering imports on demand for the data it has (marked too: the
 * browser loads them before it hydrates, so the first render there needs nothing more).
 */
export function modulePreloads(placeholders: unknown): ModulePreload[] {
  const seen = new Set<string>();
  const out: ModulePreload[] = [];
  const add = (module: string, files: string[] | undefined) =>
    files?.forEach((href, index) => {
      if (seen.has(href)) return;
      seen.add(href);
      out.push(index === 0 ? { href, module } : { href });
    });
  const later: string[] = [];
  const named = new Set<string>();
  for (const { name, data } of renderingEntries(placeholders)) {
    const module = componentModule(name);
    if (!module) continue;
    if (!named.has(name)) add(module, componentChunks()[module]);
    named.add(name);
    // A rendering whose loader failed has no data (it shows its error block): nothing to preload.
    if (data !== undefined) later.push(...(componentDefinition(name)?.preloadsFor?.(data) ?? []));
  }
  for (const module of later) add(module, componentChunks()[module]);
  return out;
}
