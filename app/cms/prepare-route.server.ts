import type { ComponentFields, ComponentRendering, HtmlElementRendering, Item, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import type { ComponentRegistry } from '~/plugins/create-registry.ts';
import { richTextPaths } from '~/plugins/manifest.ts';
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

/** A rendering as prepareRoute leaves it: marked when it needs a content item and has none. */
export type PreparedRendering = ComponentRendering & { datasourceMissing?: true };

/**
 * Readies layout data for rendering, on the server: sanitizes every rich-text field the manifests
 * declare, marks a rendering that needs a datasource and has none (it shows REQ-CMS-3's message),
 * drops each rendering no plugin provides, with one warning per componentName (kept,
 * `keepUnknown`, for Sitecore Pages' editor), and drops personalization variants (experiences).
 * Mutates and returns the route the layout service just answered.
 */
export function prepareRoute(route: RouteData, registry: ComponentRegistry, itemPath: string, { keepUnknown = false } = {}): RouteData {
  const visit = (placeholders: RouteData['placeholders'] | undefined) => {
    for (const entries of Object.values(placeholders ?? {})) {
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const entry = entries[index]!;
        if (!isComponent(entry)) continue;
        // REQ-JSS-12: personalization variants (Sitecore's experiences) were chosen before (Pages' sc_variant) or
        // are not the visitor's: the live site shows the default, and no variant's content leaves the server.
        delete (entry as ComponentRendering & { experiences?: unknown }).experiences;
        const manifest = registry.getManifest(entry.componentName);
        // Sitecore Pages shows an unknown rendering to its editor as a block (issue 32).
        if (!manifest && keepUnknown) continue;
        if (!manifest) {
          if (!warnedUnknown.has(entry.componentName)) {
            warnedUnknown.add(entry.componentName);
            log('warn', 'cms', `no component registered for componentName "${entry.componentName}" (first seen on ${itemPath})`);
          }
          // Nothing of it reaches visitors, not even in the page data.
          entries.splice(index, 1);
          continue;
        }
        for (const path of richTextPaths(manifest.fields)) sanitizeFieldAt(entry.fields, path);
        // REQ-CMS-3: said here, where the manifests are, so the browser's registry needs none of them.
        if (manifest.datasource === 'required' && !entry.dataSource) (entry as PreparedRendering).datasourceMissing = true;
        visit(entry.placeholders);
      }
    }
  };
  visit(route.placeholders);
  return route;
}
