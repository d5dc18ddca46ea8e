import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { signedOut, signOut } from '~/auth/sign-in.server.ts';

/**
 * POST /logout: ends the session (and the provider's). A GET signs nobody out: it is where the
 * provider returns afterwards, and goes to the home page of the language signed out from.
 */
export const action = ({ request, context }: ActionFunctionArgs) => signOut(request, context);
export const loader = ({ request }: LoaderFunctionArgs) => signedOut(request);
