import { createRequire } from 'node:module';
import type { AppLoadContext } from '@remix-run/node';
import type { GraphQLRequestClient as GraphQLRequestClientClass } from '@sitecore-jss/sitecore-jss/graphql';
import type { GraphQLRobotsService as RobotsServiceClass, GraphQLSitemapXmlService as SitemapServiceClass } from '@sitecore-jss/sitecore-jss/site';
import { LRUCache } from 'lru-cache';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { alternateUrls, LANGUAGES, languageFromSitecore, SITE_LANGUAGES, type SiteLanguage, type SiteOrigins } from '~/cms/language.ts';
import { categoryTree } from '~/plugins/catalogue/taxonomy.server.ts';
import { searchCatalogue } from '~/plugins/catalogue/search-api.server.ts';
import { allOf, fieldIs, fieldIsNot } from '~/search-api/query-expression.server.ts';
import { designCenterApplicationPaths } from '@voltaris/catalogue/design-center-applications';

// JSS's subpaths are CommonJS without an exports map: loaded as the layout port loads them.
const require = createRequire(import.meta.url);
const { GraphQLSitemapXmlService, GraphQLRobotsService } = require('@sitecore-jss/sitecore-jss/site') as {
  GraphQLSitemapXmlService: typeof SitemapServiceClass;
  GraphQLRobotsService: typeof RobotsServiceClass;
};
const { GraphQLRequestClient } = require('@sitecore-jss/sitecore-jss/graphql') as { GraphQLRequestClient: typeof GraphQLRequestClientClass };

/**
 * The site's sitemaps and robots text. Three sources own the site's pages:
 * - the CMS: every page item, from the sitemap the content host publishes (JSS's GraphQL
 *   `siteInfo.sitemap`, then the XML it names);
 * - the search index: the items wildcard pages render (FAQs, news, events, application pages, ...),
 *   by their `clickableuri` and the languages they exist in;
 * - the catalogue: category pages from the taxonomy, series and part pages from the index;
 * - the design center: its market and application pages, from its own data.
 * `/sitemap.xml` lists the first two and the categories; part and series pages go into
 * `/sitemaps/products-<n>.xml` files of at most PRODUCTS_PER_SITEMAP parts, which robots.txt names.
 */

/** A page of the site: its item path and the languages it exists in. */
export interface SitemapPage {
  itemPath: string;
  languages: readonly SiteLanguage[];
}

/** 5,000 parts (and their series) in four languages: about 20,000 addresses and 17 MB a file, within the protocol's 50,000 and 50 MB. */
export const PRODUCTS_PER_SITEMAP = 5000;
const RESULTS_PER_CALL = 1000;
/** The Search API reaches at most this many results of one query (first result + count). */
const REACHABLE_RESULTS = 5000;

/** JSS 22's site services take a client factory: the content host's GraphQL endpoint with the live key. */
function graphClient(context: AppLoadContext) {
  const endpoint = `${context.config.layout.apiHost.replace(/\/+$/, '')}/sitecore/api/graph/edge`;
  return GraphQLRequestClient.createClientFactory({ endpoint, apiKey: context.config.layout.apiKey });
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A sitemap's page addresses (`urlset/url/loc`), read by an XML parser: entities, CDATA and comments as XML has them. */
// An empty <urlset/> parses as '': a sitemap of no pages.
const sitemapSchema = z.object({ urlset: z.preprocess((value) => (value === '' ? {} : value), z.object({ url: z.array(z.object({ loc: z.string().trim().min(1) })).default([]) })) });
const sitemapParser = new XMLParser({ isArray: (name) => name === 'url', parseTagValue: false, ignoreDeclaration: true });

export function sitemapLocations(xml: string, address: string): string[] {
  const parsed = sitemapSchema.safeParse(sitemapParser.parse(xml));
  if (!parsed.success) throw new Error(`The content host's sitemap ${address} is not a sitemap (urlset of url/loc): ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data.urlset.url.map((entry) => entry.loc);
}

/** The CMS page items in their languages, read from the sitemap XML the content host publishes. */
export async function cmsPages(context: AppLoadContext): Promise<SitemapPage[]> {
  const { layout } = context.config;
  const service = new GraphQLSitemapXmlService({ clientFactory: graphClient(context), siteName: layout.siteName });
  const addresses = (await service.fetchSitemaps()) ?? [];
  const pages = new Map<string, Set<SiteLanguage>>();
  for (const address of addresses) {
    const response = await fetch(address, { signal: AbortSignal.timeout(layout.timeoutMs) });
    if (!response.ok) throw new Error(`The content host's sitemap ${address} answered ${response.status}`);
    for (const loc of sitemapLocations(await response.text(), address)) {
      // SXA's links embed the Sitecore language: {host}/{language}{item path}.
      const [, first = '', ...rest] = new URL(loc).pathname.split('/');
      const language = languageFromSitecore(decodeURIComponent(first));
      if (!language) continue;
      const itemPath = `/${rest.map((segment) => decodeURIComponent(segment)).filter(Boolean).join('/')}`;
      const languages = pages.get(itemPath) ?? new Set();
      languages.add(language);
      pages.set(itemPath, languages);
    }
  }
  return [...pages].map(([itemPath, languages]) => ({ itemPath, languages: [...languages] }));
}

const INDEX_LANGUAGES: Record<string, SiteLanguage> = { en: 'en', de: 'de', ja: 'ja-jp', zh: 'zh' };

/** A site page address in the index: a path of its own, not a file, an anchor or another site. */
function sitePath(clickableuri: unknown): string | undefined {
  if (typeof clickableuri !== 'string' || !clickableuri.startsWith('/') || clickableuri.startsWith('//')) return undefined;
  if (clickableuri.includes('#') || clickableuri.includes('?') || /^\/media\//.test(clickableuri)) return undefined;
  return clickableuri.replace(/\/+$/, '') || '/';
}

/** Every indexed item that has a page of its own, other than parts and files. */
export async function indexedPages(context: AppLoadContext): Promise<SitemapPage[]> {
  const pages = new Map<string, Set<SiteLanguage>>();
  for (let first = 0; first < REACHABLE_RESULTS; first += RESULTS_PER_CALL) {
    const answer = await searchCatalogue(context, {
      // Company pages are CMS pages: the content host's sitemap lists them in the languages they are
      // published in (an unpublished version is not, REQ-CMS-13); the index would list all four.
      aq: allOf(fieldIsNot('objecttype', ['Product', 'Document', 'Contact']), fieldIsNot('pagetype', 'Company')),
      numberOfResults: RESULTS_PER_CALL,
      firstResult: first,
      sortCriteria: '@clickableuri ascending',
      locale: 'en',
      fieldsToInclude: ['clickableuri', 'language'],
    });
    for (const result of answer.results) {
      const itemPath = sitePath(result.raw.clickableuri);
      if (!itemPath) continue;
      const language = typeof result.raw.language === 'string' ? INDEX_LANGUAGES[result.raw.language] : undefined;
      const languages = pages.get(itemPath) ?? new Set();
      for (const each of language ? [language] : SITE_LANGUAGES) languages.add(each);
      pages.set(itemPath, languages);
    }
    if (answer.results.length < RESULTS_PER_CALL || first + RESULTS_PER_CALL >= answer.totalCount) break;
  }
  return [...pages].map(([itemPath, languages]) => ({ itemPath, languages: [...languages] }));
}

/** Catalogue pages: the comparison page and every node of the taxonomy, in every language. */
export function categoryPages(): SitemapPage[] {
  const out: SitemapPage[] = [
    { itemPath: '/products', languages: SITE_LANGUAGES },
    { itemPath: '/products/compare', languages: SITE_LANGUAGES },
  ];
  const walk = (nodes: ReturnType<typeof categoryTree>) => {
    for (const node of nodes) {
      out.push({ itemPath: node.path, languages: SITE_LANGUAGES });
      walk(node.children);
    }
  };
  walk(categoryTree('en'));
  return out;
}

/** The Search API returns at most this many values of one facet. */
const FACET_VALUES_LIMIT = 1000;

async function facetValues(context: AppLoadContext, aq: string, field: string) {
  const answer = await searchCatalogue(context, {
    aq,
    numberOfResults: 0,
    locale: 'en',
    facets: [{ type: 'specific', facetId: field, field, numberOfValues: FACET_VALUES_LIMIT, sortCriteria: 'alphanumeric', currentValues: [] }],
  });
  const values = answer.facets.find((facet) => facet.facetId === field)?.values ?? [];
  // A full list may have been cut: a sitemap that silently misses parts is worse than none.
  if (values.length >= FACET_VALUES_LIMIT) throw new Error(`More than ${FACET_VALUES_LIMIT} values of ${field} under ${aq}: split the sitemap further`);
  return values;
}

/** The design center's market and application pages, which its own data defines. */
export function designCenterPages(): SitemapPage[] {
  return designCenterApplicationPaths().map((itemPath) => ({ itemPath, languages: SITE_LANGUAGES }));
}

/** Series grouped so that each group holds at most PRODUCTS_PER_SITEMAP parts, in a stable order. */
export async function productGroups(context: AppLoadContext): Promise<string[][]> {
  const types = await facetValues(context, allOf(fieldIs('objecttype', 'Product')), 'leveltwocategory');
  const series: Array<{ value: string; numberOfResults: number }> = [];
  for (const type of types) series.push(...(await facetValues(context, allOf(fieldIs('objecttype', 'Product'), fieldIs('leveltwocategory', type.value)), 'series')));
  const groups: string[][] = [];
  let current: string[] = [];
  let count = 0;
  for (const { value, numberOfResults } of series.sort((a, b) => a.value.localeCompare(b.value))) {
    if (current.length > 0 && count + numberOfResults > PRODUCTS_PER_SITEMAP) {
      groups.push(current);
      current = [];
      count = 0;
    }
    current.push(value);
    count += numberOfResults;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** The part pages and their series pages of one group of series. */
export async function productPages(context: AppLoadContext, series: readonly string[]): Promise<SitemapPage[]> {
  const paths = new Set<string>();
  // A query reaches 5,000 results: ask for series in slices small enough for that.
  for (let start = 0; start < series.length; start += 20) {
    const slice = series.slice(start, start + 20);
    for (let first = 0; first < REACHABLE_RESULTS; first += RESULTS_PER_CALL) {
      const answer = await searchCatalogue(context, {
        aq: allOf(fieldIs('objecttype', 'Product'), fieldIs('series', slice)),
        numberOfResults: RESULTS_PER_CALL,
        firstResult: first,
        sortCriteria: '@clickableuri ascending',
        locale: 'en',
        fieldsToInclude: ['clickableuri', 'serieslink'],
      });
      for (const result of answer.results) {
        for (const address of [result.raw.serieslink, result.raw.clickableuri]) {
          const itemPath = sitePath(address);
          if (itemPath) paths.add(itemPath);
        }
      }
      if (answer.results.length < RESULTS_PER_CALL || first + RESULTS_PER_CALL >= answer.totalCount) break;
    }
  }
  return [...paths].sort().map((itemPath) => ({ itemPath, languages: SITE_LANGUAGES }));
}

/** One <url> per language version, each naming all versions (hreflang) and x-default. */
export function urlsetXml(pages: readonly SitemapPage[], origins: SiteOrigins): string {
  const lines: string[] = [];
  for (const page of pages) {
    const urls = alternateUrls(page.itemPath, origins);
    const alternates = page.languages
      .map((language) => `<xhtml:link rel="alternate" hreflang="${languageTag(language)}" href="${xmlEscape(urls[language])}"/>`)
      .concat(page.languages.includes('en') ? [`<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(urls.en)}"/>`] : [])
      .join('');
    for (const language of page.languages) lines.push(`<url><loc>${xmlEscape(urls[language])}</loc>${alternates}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${lines.join('\n')}\n</urlset>\n`;
}

const languageTag = (language: SiteLanguage) => LANGUAGES[language].tag;

/** Merges pages of several sources: one entry per item path, the union of their languages. */
export function mergePages(...sources: ReadonlyArray<readonly SitemapPage[]>): SitemapPage[] {
  const merged = new Map<string, Set<SiteLanguage>>();
  for (const source of sources) {
    for (const page of source) {
      const key = page.itemPath.toLowerCase();
      const languages = merged.get(key) ?? new Set();
      for (const language of page.languages) languages.add(language);
      merged.set(key, languages);
    }
  }
  const byPath = new Map<string, string>();
  for (const source of sources) for (const page of source) if (!byPath.has(page.itemPath.toLowerCase())) byPath.set(page.itemPath.toLowerCase(), page.itemPath);
  return [...merged]
    .map(([key, languages]) => ({ itemPath: byPath.get(key)!, languages: SITE_LANGUAGES.filter((language) => languages.has(language)) }))
    .sort((a, b) => a.itemPath.localeCompare(b.itemPath));
}

/** The site's robots text: the editors' text from the CMS, then the sitemap addresses. */
export async function robotsText(context: AppLoadContext, sitemapUrls: readonly string[]): Promise<string> {
  const { layout } = context.config;
  const service = new GraphQLRobotsService({ clientFactory: graphClient(context), siteName: layout.siteName });
  const authored = (await service.fetchRobots().catch(() => '')) || 'User-agent: *\nAllow: /\n';
  return `${authored.replace(/\s*$/, '\n')}\n${sitemapUrls.map((url) => `Sitemap: ${url}`).join('\n')}\n`;
}

/**
 * Building the sitemaps asks the CMS once and the index a few dozen times: the answer is kept a few
 * minutes per origin, and a shared cache keeps it longer (the routes' Cache-Control).
 */
const built = new LRUCache<string, Promise<string>>({ max: 24, ttl: 5 * 60_000 });
export function remembered(key: string, build: () => Promise<string>): Promise<string> {
  const existing = built.get(key);
  if (existing) return existing;
  const promise = build();
  built.set(key, promise);
  promise.catch(() => built.delete(key));
  return promise;
}
