import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signOut } from '~/auth/sign-in.server.ts';

/** POST /logout: ends the session (and the provider's). A GET signs nobody out: it goes home. */
export const action = ({ request, context }: ActionFunctionArgs) => signOut(request, context);
export const loader = () => redirect('/');
