import type { AppLoadContext } from '@remix-run/node';
import { LRUCache } from 'lru-cache';
import { requestIdOf } from '~/lib/faults.server.ts';
import { logger } from '../../server/log.ts';
import { cmsPages } from '~/seo/sitemap.server.ts';
import { SITE_LANGUAGES, type SiteLanguage } from './language.ts';

/**
 * The languages a CMS page item is published in, read where /sitemap.xml reads them: the content
 * host's own sitemap (Sitecore SXA's, one <url> per published language version; an unpublished
 * version is not in it, decision 0100). A page's hreflang alternates and language switcher name
 * only those (decision 0133).
 *
 * Items the content host does not list (wildcard items: catalogue parts, news, FAQs; redirect and
 * noindex items) are not its to judge: undefined, and the page keeps every language.
 */
type Versions = ReadonlyMap<string, readonly SiteLanguage[]>;

/**
 * One read per version of the content (a publish or unpublish is seen at once, 0075) and per
 * content host; a few minutes where the content has no version (a real Sitecore publishes on its
 * own), as the sitemap keeps its answer.
 */
const read = new LRUCache<string, Promise<Versions>>({ max: 8, ttl: 5 * 60_000 });

async function versionsByItem(context: AppLoadContext): Promise<Versions> {
  const byItem = new Map<string, readonly SiteLanguage[]>();
  for (const page of await cmsPages(context)) {
    // Item paths are matched as the layout service matches them: whatever the case.
    byItem.set(page.itemPath.toLowerCase(), SITE_LANGUAGES.filter((language) => page.languages.includes(language)));
  }
  return byItem;
}

export async function publishedLanguages(request: Request, context: AppLoadContext, itemPath: string): Promise<readonly SiteLanguage[] | undefined> {
  const { layout } = context.config;
  const key = `${layout.apiHost} ${layout.siteName} ${context.contentVersion?.() ?? ''}`;
  let versions = read.get(key);
  if (!versions) {
    versions = versionsByItem(context);
    read.set(key, versions);
    versions.catch(() => read.delete(key));
  }
  try {
    return (await versions).get(itemPath.toLowerCase());
  } catch (error) {
    // The page itself came from the layout service: it is shown, with every language as before
    // (an alternate too many is a lesser harm than a page that fails for its header's links).
    // A warning, not a fault of the request: the page answers 200.
    logger.warn({ requestId: requestIdOf(request), err: error }, 'the content host\'s sitemap could not be read for a page\'s language versions');
    return undefined;
  }
}
