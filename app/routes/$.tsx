import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { CmsPage, cmsPageHeaders, cmsPageMeta, cmsPageShouldRevalidate } from '~/cms/components/CmsPage.tsx';
import { ErrorPage } from '~/cms/components/ErrorPage.tsx';
import { cmsPageAction } from '~/cms/form-action.server.ts';
import { loadCmsPage } from '~/cms/page.server.ts';

export const loader = (args: LoaderFunctionArgs) => loadCmsPage(args);
export const action = (args: ActionFunctionArgs) => cmsPageAction(args);
export const meta = cmsPageMeta;
export const headers = cmsPageHeaders;
export const shouldRevalidate = cmsPageShouldRevalidate;
export default CmsPage;
export const ErrorBoundary = ErrorPage;
