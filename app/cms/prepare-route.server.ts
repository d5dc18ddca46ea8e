import type { ComponentFields, ComponentRendering, HtmlElementRendering, Item, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import type { ComponentRegistry } from '~/plugins/create-registry.ts';
import { sanitizeRichText } from './rich-text.server.ts';
import { log } from '~/lib/logger.server.ts';

const warnedUnknown = new Set<string>();

function isComponent(entry: ComponentRendering | HtmlElementRendering): entry is ComponentRendering {
  return 'componentName' in entry && typeof entry.componentName === 'string';
}

function sanitizeFieldAt(fields: ComponentFields | Item['fields'] | undefined, path: string) {
  if (!fields) return;
  const [head, ...rest] = path.split('.');
  if (!head) return;
  if (head.endsWith('[]')) {
    const list = fields[head.slice(0, -2)];
    if (Array.isArray(list)) for (const item of list) sanitizeFieldAt(item.fields, rest.join('.'));
    return;
  }
  const field = fields[head];
  if (field && 'value' in field && typeof field.value === 'string') field.value = sanitizeRichText(field.value);
}

/**
 * Readies layout data for rendering, on the server: sanitizes every rich-text field the registry
 * declares, and drops each rendering no plugin provides, with one warning per componentName
 * (kept, `keepUnknown`, for Sitecore Pages' editor).
 * Mutates and returns the route the layout service just answered.
 */
export function prepareRoute(route: RouteData, registry: ComponentRegistry, itemPath: string, { keepUnknown = false } = {}): RouteData {
  const visit = (placeholders: RouteData['placeholders'] | undefined) => {
    for (const entries of Object.values(placeholders ?? {})) {
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const entry = entries[index]!;
        if (!isComponent(entry)) continue;
        const definition = registry.getComponent(entry.componentName);
        // Sitecore Pages shows an unknown rendering to its editor as a block (issue 32).
        if (!definition && keepUnknown) continue;
        if (!definition) {
          if (!warnedUnknown.has(entry.componentName)) {
            warnedUnknown.add(entry.componentName);
            log('warn', 'cms', `no component registered for componentName "${entry.componentName}" (first seen on ${itemPath})`);
          }
          // Nothing of it reaches visitors, not even in the page data.
          entries.splice(index, 1);
          continue;
        }
        for (const path of definition.richTextFields ?? []) sanitizeFieldAt(entry.fields, path);
        visit(entry.placeholders);
      }
    }
  };
  visit(route.placeholders);
  return route;
}
