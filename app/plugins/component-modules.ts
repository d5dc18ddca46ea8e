/**
 * Where each rendering's code lives, for the browser to fetch when a page has it (decision 0059):
 * `{ componentName: 'catalogue/Catalogue.tsx' }`, paths under app/plugins/. The server finds it
 * (component-modules.server.ts) and sends a page the entries of its own renderings, so a new
 * rendering needs no list of its own beside its plugin.
 */
export type RenderingModules = Record<string, string>;

/** Each rendering in layout data (placeholders nest), in order, with the data its loader gave it. */
export function* renderingEntries(placeholders: unknown): Generator<{ name: string; data: unknown }> {
  if (!placeholders || typeof placeholders !== 'object') return;
  for (const entries of Object.values(placeholders as Record<string, unknown>)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as Array<{ componentName?: unknown; data?: unknown; placeholders?: unknown }>) {
      if (typeof entry?.componentName === 'string') yield { name: entry.componentName, data: entry.data };
      yield* renderingEntries(entry?.placeholders);
    }
  }
}

/** Every componentName in layout data (placeholders nest), once each. */
export function renderingNames(placeholders: unknown, into = new Set<string>()): Set<string> {
  for (const { name } of renderingEntries(placeholders)) into.add(name);
  return into;
}
