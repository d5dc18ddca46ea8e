import { data as routeData, type AppLoadContext } from '@remix-run/node';
import type { PlaceholdersData, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { createHash } from 'node:crypto';
import { keepSessionFresh } from '~/auth/sign-in.server.ts';
import { sessionState } from '~/auth/session.server.ts';
import { withFaultIds } from '~/lib/faults.server.ts';
import { refreshLoggerSettings } from '~/lib/logger.server.ts';
import { isDataAnswer } from '~/lib/route-answer.server.ts';
import { timed } from '../../server/server-timing.ts';
import { registry } from '~/plugins/registry.ts';
import { loadDictionary } from './dictionary.server.ts';
import { withErrorPhrases } from './error-phrases.server.ts';
import { LANGUAGES, siteOrigins, type SiteLanguage } from './language.ts';
import { pageLayout, readsOf } from './layout-reads.server.ts';
import type { PageLocation, ShellAccount, ShellData } from './page-data.ts';
import { answeringLocation } from './page-location.server.ts';
import { shellPhrases } from './phrases.ts';
import { prepareRoute } from './prepare-route.server.ts';

// The shell: what every page of a language shows whatever its content (language, account, UI
// strings, header and footer), sent once and kept by the browser while its key holds.

/** The header and footer: the shell's, sent once, not with each page. */
export const CHROME_PLACEHOLDERS = ['jss-header', 'jss-footer'];

/** The phrases of the dialog a page shows instead of its content when the session has ended. */
export const AUTH_REQUIRED_PHRASES = ['auth.requiredTitle', 'auth.requiredQuestion', 'auth.requiredText', 'auth.signInAgain', 'auth.yes', 'auth.no'];

function chromeOf(placeholders: PlaceholdersData | undefined): PlaceholdersData {
  return Object.fromEntries(CHROME_PLACEHOLDERS.flatMap((name) => (placeholders?.[name] ? [[name, placeholders[name]]] : [])));
}

export function withoutChrome(route: RouteData): RouteData {
  if (!route.placeholders) return route;
  return { ...route, placeholders: Object.fromEntries(Object.entries(route.placeholders).filter(([name]) => !CHROME_PLACEHOLDERS.includes(name))) };
}

/** Kept per placeholder list (the layout port's cache hands the same objects out again). */
const chromeKeys = new WeakMap<object, string>();

/**
 * A short fingerprint of the language, the account as the header shows it and the header's and
 * footer's content: equal for the shell and a page when the shell the browser holds fits the page.
 */
export function shellKeyOf(language: SiteLanguage, account: ShellAccount, placeholders: PlaceholdersData | undefined): string {
  const header = placeholders?.['jss-header'];
  let chrome = header ? chromeKeys.get(header) : undefined;
  if (chrome === undefined) {
    chrome = createHash('sha1').update(JSON.stringify(chromeOf(placeholders))).digest('base64url').slice(0, 12);
    if (header) chromeKeys.set(header, chrome);
  }
  const who = account.state === 'signed-in' ? createHash('sha1').update(JSON.stringify([account.displayName, account.groups])).digest('base64url').slice(0, 8) : account.state;
  return `${language}.${who}.${chrome}`;
}

/**
 * The visitor's account as the header shows it, once per request (the root's and the page's
 * loaders both need it), keeping a signed-in session's tokens fresh. The session store being down
 * is a 503 (faults.server.ts).
 */
export function visitorAccount(request: Request, context: AppLoadContext): Promise<ShellAccount> {
  const reads = readsOf(context);
  reads.account ??= (async (): Promise<ShellAccount> => {
    // No session cookie, no account: nothing to read.
    if (!/(?:^|;)\s*session=/.test(request.headers.get('cookie') ?? '')) return { state: 'anonymous' };
    const session = await sessionState(request, context);
    if (session.kind === 'signed-in') await keepSessionFresh(request, context, session.sid);
    return session.kind === 'anonymous' ? { state: 'anonymous' } : { state: session.kind, displayName: session.user.displayName, groups: session.user.groups };
  })();
  return reads.account;
}

/** What every page needs whatever its content: language, the account, UI strings, header and footer. */
export function loadShell(request: Request, context: AppLoadContext): Promise<ShellData> {
  return withErrorPhrases(request, context, () => withFaultIds(request, context, 'the page shell failed', () => timed(context.timing, 'shell', () => shellOf(request, context))));
}

/** The header and footer of the page asked for; of the language's home page when there is no such page (an error page). */
async function chromeFor(context: AppLoadContext, location: PageLocation): Promise<PlaceholdersData | undefined> {
  for (const itemPath of location.itemPath === '/' ? ['/'] : [location.itemPath, '/']) {
    try {
      const route = (await pageLayout(context, { ...location, itemPath })).sitecore.route;
      if (!route) continue;
      // Readied like the page's (unknown renderings dropped); both may do it, it changes nothing twice.
      return chromeOf(prepareRoute({ ...route, placeholders: chromeOf(route.placeholders) }, registry, itemPath).placeholders);
    } catch {
      // The page's own loader reports a layout service that fails; the shell goes without.
      return undefined;
    }
  }
  return undefined;
}

async function shellOf(request: Request, context: AppLoadContext): Promise<ShellData> {
  const location = await answeringLocation(request, context);
  refreshLoggerSettings(context);
  const url = new URL(request.url);
  const [dictionaryPhrases, chrome] = await Promise.all([loadDictionary(context, location.language), chromeFor(context, location)]);
  const origins = siteOrigins(url, context.config.zhHostSuffixes, context.config);
  const shell = (account: ShellAccount): ShellData => ({
    language: location.language,
    account,
    tag: LANGUAGES[location.language].tag,
    phrases: shellPhrases(dictionaryPhrases),
    origins,
    ...(chrome ? { chrome } : {}),
    key: shellKeyOf(location.language, account, chrome),
  });
  const account = await visitorAccount(request, context).catch(async (error: unknown) => {
    // The session store is down (503): the error page still speaks the page's language.
    if (!isDataAnswer(error) || error.init?.status !== 503) throw error;
    throw routeData({ ...(error.data as object), shell: shell({ state: 'anonymous' }) }, error.init);
  });
  return shell(account);
}

