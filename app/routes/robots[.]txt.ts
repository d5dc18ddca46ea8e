import type { LoaderFunctionArgs } from '@remix-run/node';
import { isChineseHost, siteOrigins } from '~/cms/language.ts';
import { productGroups, remembered, robotsText } from '~/seo/sitemap.server.ts';
import { sitemapResponse } from '~/seo/sitemap-response.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/** GET /robots.txt: the editors' rules from the CMS, then every sitemap of this host. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const origins = siteOrigins(url, context.config.zhHostSuffixes, context.config);
  const origin = isChineseHost(url.host, context.config.zhHostSuffixes) ? origins.zh : origins.global;
  return sitemapResponse(
    request,
    context,
    () =>
      remembered(`robots ${origin}`, async () => {
        const groups = JSON.parse(await remembered('product groups', async () => JSON.stringify(await productGroups(context)))) as string[][];
        return robotsText(context, [`${origin}/sitemap.xml`, ...groups.map((_, index) => `${origin}/sitemaps/products-${index + 1}.xml`)]);
      }),
    'text/plain; charset=utf-8',
  );
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
