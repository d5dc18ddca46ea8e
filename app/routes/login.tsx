import type { LoaderFunctionArgs } from '@remix-run/node';
import { startSignIn } from '~/auth/sign-in.server.ts';
import { ErrorPage } from '~/cms/components/ErrorPage.tsx';

/** GET /login?redirectTo=/path: off to the identity provider (same-origin paths only come back). */
export const loader = ({ request, context }: LoaderFunctionArgs) => startSignIn(request, context);
export const ErrorBoundary = ErrorPage;
