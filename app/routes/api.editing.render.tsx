import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { cmsPageHeaders, cmsPageMeta } from '~/cms/components/CmsPage.tsx';
import { EditingPage } from '~/cms/components/EditingPage.tsx';
import { ErrorPage } from '~/cms/components/ErrorPage.tsx';
import { loadEditingRender } from '~/cms/editing-page.server.ts';
import { readOnlyPageAction } from '~/cms/form-action.server.ts';

/** Sitecore Pages' render endpoint (issue 32): checked by server/editing.ts, made by editing-page.server.ts. */
export const loader = (args: LoaderFunctionArgs) => loadEditingRender(args);
export const meta = cmsPageMeta as MetaFunction;
export const headers = cmsPageHeaders;
export default EditingPage;
export const ErrorBoundary = ErrorPage;

/** Takes no form: server/editing.ts refuses other methods first; here too, 405 on the error page (issue 31). */
export const action = readOnlyPageAction;
