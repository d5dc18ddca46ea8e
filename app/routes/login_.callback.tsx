import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { completeSignIn, type SignInRefused } from '~/auth/sign-in.server.ts';
import { ErrorPage, PlainPage } from '~/cms/components/ErrorPage.tsx';
import { useTranslate } from '~/cms/use-site-shell.ts';

/** GET /login/callback: the provider's answer; success redirects, a refusal renders here (400). */
export const loader = ({ request, context }: LoaderFunctionArgs) => completeSignIn(request, context);
export const meta: MetaFunction = () => [{ title: 'Sign-in' }, { name: 'robots', content: 'noindex' }];

export default function SignInRefusedPage() {
  const data = useLoaderData<SignInRefused>();
  const t = useTranslate();
  return (
    <PlainPage>
      <h1>{t('auth.refusedTitle')}</h1>
      <p role="alert">{t(data.reason === 'expired' ? 'auth.refusedExpired' : 'auth.refusedFailed')}</p>
      <p>
        <Link to="/login" reloadDocument>
          {t('auth.signInAgain')}
        </Link>
      </p>
    </PlainPage>
  );
}
export const ErrorBoundary = ErrorPage;
