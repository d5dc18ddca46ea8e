import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { completeSignIn, type SignInRefused } from '~/auth/sign-in.server.ts';
import { ErrorPage, errorPageTitle, pageTitle, PlainPage, shellOfMatches } from '~/cms/components/ErrorPage.tsx';
import { phrasesFor } from '~/cms/page-location.server.ts';
import { PagePhrases, translator, useTranslate } from '~/cms/use-site-shell.ts';
import { isDataAnswer } from '~/lib/route-answer.server.ts';

/** What the refusal says; the shell has none of it. */
const REFUSAL_PHRASES = ['auth.refusedTitle', 'auth.refusedExpired', 'auth.refusedFailed', 'auth.signInAgain'];

/** GET /login/callback: the provider's answer; success redirects, a refusal renders here (400) with its phrases. */
export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  const answer = await completeSignIn(request, context);
  if (!isDataAnswer(answer)) return answer;
  return data({ ...(answer.data as SignInRefused), phrases: await phrasesFor(request, context, REFUSAL_PHRASES) }, answer.init ?? undefined);
};
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  const shell = shellOfMatches(matches);
  const title = error ? errorPageTitle(error, shell) : pageTitle(translator(data?.phrases)('auth.refusedTitle'), shell);
  return [{ title }, { name: 'robots', content: 'noindex' }];
};

export default function SignInRefusedPage() {
  const { phrases } = useLoaderData<{ phrases: Record<string, string> }>();
  return (
    <PagePhrases.Provider value={phrases}>
      <SignInRefusal />
    </PagePhrases.Provider>
  );
}

function SignInRefusal() {
  const data = useLoaderData<SignInRefused>();
  const t = useTranslate();
  return (
    <PlainPage>
      <h1>{t('auth.refusedTitle')}</h1>
      <p role="alert">{t(data.reason === 'expired' ? 'auth.refusedExpired' : 'auth.refusedFailed')}</p>
      <p>
        <Link to={data.redirectTo ? `/login?${new URLSearchParams({ redirectTo: data.redirectTo })}` : '/login'} reloadDocument>
          {t('auth.signInAgain')}
        </Link>
      </p>
    </PlainPage>
  );
}
export const ErrorBoundary = ErrorPage;
