import type { ContentStore } from '@voltaris/content-files/content-store';
import { WILDCARD_SEGMENT } from '@voltaris/content-files/content-store';

/**
 * The content host's own sitemap and robots text, as Sitecore SXA publishes them: a sitemap XML of
 * every page item (one <url> per language version, with its alternates), whose address the GraphQL
 * `siteInfo.sitemap` query lists, and the site's robots text from `siteInfo.robots`. Links use
 * SXA's "embed language always" form, `{host}/{language}{item path}`; the site maps them to its
 * own public addresses.
 */

const fieldText = (field: unknown) => (typeof field === 'object' && field !== null && 'value' in field ? (field as { value: unknown }).value : field);

/** Items that are not pages of their own: wildcard items, redirect items, routes marked noindex. */
function isListed(itemPath: string, fields: Record<string, unknown> | undefined): boolean {
  if (itemPath.split('/').includes(WILDCARD_SEGMENT)) return false;
  const redirect = fieldText(fields?.redirectTo);
  if (typeof redirect === 'string' && redirect.trim()) return false;
  const robots = fieldText(fields?.robots);
  return !(typeof robots === 'string' && /noindex/i.test(robots));
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function cmsSitemapXml(store: ContentStore, origin: string): string {
  const languagesByItem = new Map<string, string[]>();
  for (const { language, itemPath, route } of store.entries()) {
    if (!isListed(itemPath, route.fields as Record<string, unknown> | undefined)) continue;
    const list = languagesByItem.get(itemPath) ?? [];
    list.push(language);
    languagesByItem.set(itemPath, list);
  }
  const loc = (language: string, itemPath: string) => xmlEscape(`${origin}/${language}${itemPath === '/' ? '/' : store.spelledPath(itemPath)}`);
  const urls: string[] = [];
  for (const [itemPath, languages] of [...languagesByItem].sort(([a], [b]) => a.localeCompare(b))) {
    const alternates = languages.map((language) => `<xhtml:link rel="alternate" hreflang="${xmlEscape(language)}" href="${loc(language, itemPath)}"/>`).join('');
    for (const language of languages) urls.push(`<url><loc>${loc(language, itemPath)}</loc>${alternates}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
