import type { MetaFunction } from '@remix-run/node';
import { errorPageTitle, shellOfMatches } from '~/cms/components/ErrorPage.tsx';

/**
 * The title of an editor route: its own when it answered, else the error's in the page's language
 * (a 403 names the refusal, not "Page editor" in English), as a page's error title does (CmsPage).
 */
export function withErrorTitle(own: MetaFunction): MetaFunction {
  return (args) => (args.error ? [{ title: errorPageTitle(args.error, shellOfMatches(args.matches)) }, { name: 'robots', content: 'noindex' }] : own(args));
}
