import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderingNames } from './component-modules.ts';
import { componentModule } from './component-modules.server.ts';

/** A chunk the document asks the browser to fetch early; `module` marks the facade of a rendering's module. */
export interface ModulePreload {
  href: string;
  module?: string;
}

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

/** The chunks of the renderings in a page's layout data, each once, each module's own chunk first. */
export function modulePreloads(placeholders: unknown): ModulePreload[] {
  const seen = new Set<string>();
  const out: ModulePreload[] = [];
  for (const name of renderingNames(placeholders)) {
    const module = componentModule(name);
    const files = module ? componentChunks()[module] : undefined;
    if (!module || !files) continue;
    files.forEach((href, index) => {
      if (seen.has(href)) return;
      seen.add(href);
      out.push(index === 0 ? { href, module } : { href });
    });
  }
  return out;
}
