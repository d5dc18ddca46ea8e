import type { LoaderFunctionArgs } from '@remix-run/node';
import { startSignIn } from '~/auth/sign-in.server.ts';
import { ErrorPage } from '~/cms/components/ErrorPage.tsx';
import { readOnlyPageAction } from '~/cms/form-action.server.ts';
import { loaderOrRefusalHeaders } from '~/lib/http-errors.server.ts';

/** GET /login?redirectTo=/path: off to the identity provider (same-origin paths only come back). */
export const loader = ({ request, context }: LoaderFunctionArgs) => startSignIn(request, context);
export const ErrorBoundary = ErrorPage;

/** Takes no form: PUT, POST, DELETE and the like are 405 on the error page (issue 31). */
export const action = readOnlyPageAction;
export const headers = loaderOrRefusalHeaders;
