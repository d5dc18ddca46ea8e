/**
 * Where each rendering's code lives, for the browser to fetch when a page has it (decision 0059):
 * `{ componentName: 'catalogue/Catalogue.tsx' }`, paths under app/plugins/. The server finds it
 * (component-modules.server.ts) and sends a page the entries of its own renderings, so a new
 * rendering needs no list of its own beside its plugin.
 */
export type RenderingModules = Record<string, string>;

/** Every componentName in layout data (placeholders nest), once each. */
export function renderingNames(placeholders: unknown, into = new Set<string>()): Set<string> {
  if (!placeholders || typeof placeholders !== 'object') return into;
  for (const entries of Object.values(placeholders as Record<string, unknown>)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as Array<{ componentName?: unknown; placeholders?: unknown }>) {
      if (typeof entry?.componentName === 'string') into.add(entry.componentName);
      renderingNames(entry?.placeholders, into);
    }
  }
  return into;
}
