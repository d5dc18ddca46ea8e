import type { LoaderFunctionArgs } from '@remix-run/node';
import { siteOrigins } from '~/cms/language.ts';
import { categoryPages, cmsPages, designCenterPages, indexedPages, mergePages, remembered, urlsetXml } from '~/seo/sitemap.server.ts';
import { sitemapResponse } from '~/seo/sitemap-response.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/** GET /sitemap.xml: every page but the parts (those are in /sitemaps/products-<n>.xml), four languages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origins = siteOrigins(new URL(request.url), context.config.zhHostSuffixes, context.config);
  return sitemapResponse(request, context, () =>
    // Kept per version of the content: a page the editor publishes or removes is in the next answer.
    remembered(`pages ${origins.global} ${origins.zh} ${context.contentVersion?.() ?? ''}`, async () => {
      const [cms, indexed] = await Promise.all([cmsPages(context), indexedPages(context)]);
      return urlsetXml(mergePages(cms, indexed, categoryPages(), designCenterPages()), origins);
    }),
  );
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
