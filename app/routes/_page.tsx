import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { pagePhrasesShouldRevalidate } from '~/cms/components/CmsPage.tsx';
import { loadCmsPagePhrases } from '~/cms/page.server.ts';

/**
 * The pathless parent of the CMS pages (the index and splat routes; remix.config.js nests them):
 * the phrases of a page's renderings, kept by the browser while only the query changes.
 */
export const loader = (args: LoaderFunctionArgs) => loadCmsPagePhrases(args);
export const shouldRevalidate = pagePhrasesShouldRevalidate;
export default function PagePhrasesRoute() {
  return <Outlet />;
}
