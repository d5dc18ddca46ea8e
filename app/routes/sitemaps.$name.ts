import type { LoaderFunctionArgs } from '@remix-run/node';
import { siteOrigins } from '~/cms/language.ts';
import { productGroups, productPages, remembered, urlsetXml } from '~/seo/sitemap.server.ts';
import { notFoundText, sitemapResponse } from '~/seo/sitemap-response.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/** GET /sitemaps/products-<n>.xml: the part and series pages of one group of series (n from 1). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const number = /^products-([1-9]\d{0,4})\.xml$/.exec(params.name ?? '')?.[1];
  if (!number) return notFoundText();
  const origins = siteOrigins(new URL(request.url), context.config.zhHostSuffixes, context.config);
  return sitemapResponse(request, context, () =>
    remembered(`products-${number} ${origins.global} ${origins.zh}`, async () => {
      const group = (await remembered('product groups', async () => JSON.stringify(await productGroups(context))).then(JSON.parse) as string[][])[Number(number) - 1];
      if (!group) return '';
      return urlsetXml(await productPages(context, group), origins);
    }),
  );
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
