import { useLocation, useNavigate } from '@remix-run/react';
import { startTransition, useEffect, useState } from 'react';
import { formatNumber } from '~/lib/format.ts';
import { mountsAfterHydration } from '~/lib/use-hydrated.ts';
import { searchUrlParams, type SearchUrlState } from '../url-state.ts';

/** Small pieces the search page's parts share: links to a changed search, the hidden state of GET forms, whether scripts run and tracking is allowed. */
export function useHref() {
  const { pathname } = useLocation();
  return (state: SearchUrlState) => `${pathname}?${searchUrlParams(state).toString()}`;
}

/** Hidden inputs that carry the rest of the state through a GET form. */
export function Carry({ state, omit }: { state: SearchUrlState; omit: string[] }) {
  const entries = [...searchUrlParams({ ...state, page: 1 }).entries()].filter(([key]) => !omit.some((prefix) => key === prefix || key.startsWith(`${prefix}.`)));
  return (
    <>
      {entries.map(([key, value], i) => (
        <input key={`${key}-${i}`} type="hidden" name={key} value={value} />
      ))}
    </>
  );
}

/**
 * A selector that finds a form control again once React has rendered it anew: by its id, a box by
 * its name and value (hidden inputs carry the same), a select by its name. Null for anything else.
 */
export function controlSelector(element: HTMLElement): string | null {
  if (element.id) return `#${CSS.escape(element.id)}`;
  const name = element.getAttribute('name');
  if (!name) return null;
  if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
    return `input[type="${element.type}"][name="${CSS.escape(name)}"][value="${CSS.escape(element.value)}"]`;
  }
  if (element instanceof HTMLSelectElement) return `select[name="${CSS.escape(name)}"]`;
  return null;
}

/** The browser's own do-not-track or privacy-control signal, once scripts run (REQ-ANALYTICS-3). */
export function useBrowserAllowsTracking(): boolean {
  const [allows, setAllows] = useState(true);
  useEffect(() => {
    const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
    setAllows(browser.doNotTrack !== '1' && browser.globalPrivacyControl !== true);
  }, []);
  return allows;
}

/** A range's bound in the page's notation (four significant digits and the unit), or an ellipsis when open. */
export function formatQuantity(value: number | undefined, unit: string | undefined, locale: string): string {
  if (value === undefined) return '…';
  return `${formatNumber(value, locale, { maximumSignificantDigits: 4 })}${unit ? ` ${unit}` : ''}`;
}

/**
 * How many results a client navigation that shows the search from the top of the page renders
 * before its first paint: those a screen holds. The rest follow in the next render, a transition
 * started once that first paint is committed (decision 0114).
 */
export const RESULTS_BEFORE_PAINT = 6;

/** What of Remix's router (window.__remixRouter) says where the page it has just shown scrolls to. */
interface ScrollOfRouter {
  state: { restoreScrollPosition: number | false | null; preventScrollReset: boolean };
}

/**
 * Whether the router shows the location it has arrived at from the top (react-router's scroll
 * restoration: no position kept for it, no scroll kept, no anchor). Back and forward restore a
 * position, a facet or sort keeps the visitor's, an anchor names a result: all results then.
 */
function showsFromTheTop(hash: string): boolean {
  const router = (window as unknown as { __remixRouter?: ScrollOfRouter }).__remixRouter;
  return !hash && router?.state.restoreScrollPosition === null && router.state.preventScrollReset !== true;
}

/**
 * The number of results to render now, and whether more are to follow. The server, hydration and
 * a search page arrived at by back or forward render them all (no JavaScript sees no difference);
 * a new search shown from the top renders the first screen, paints, and then the rest.
 */
export function useResultsShownFirst(count: number): { shown: number; pending: boolean } {
  const { key, hash } = useLocation();
  // A search page mounted after hydration (from another page) starts with its list to complete.
  const [complete, setComplete] = useState<string | undefined>(() => (mountsAfterHydration() ? undefined : key));
  const arrived = complete !== key;
  useEffect(() => {
    if (arrived) startTransition(() => setComplete(key));
  }, [arrived, key]);
  const first = arrived && count > RESULTS_BEFORE_PAINT && showsFromTheTop(hash);
  return { shown: first ? RESULTS_BEFORE_PAINT : count, pending: first };
}

/** The flag of a search page reached from the header box whose trigger leads to another site (standalone.server.ts). */
export const FROM_BOX = 'from=box';

/**
 * REQ-SEARCH-8, REQ-BOX-2: a search started from the box whose trigger names another site
 * opens that site once, in a new tab, and clears the flag (the address stays this search's).
 */
export function useOpenElsewhereOnce(redirectTo: string | undefined, cleanHref: string): void {
  const { search, key } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!new URLSearchParams(search).has('from')) return;
    if (redirectTo && new URLSearchParams(search).get('from') === 'box') window.open(redirectTo, '_blank', 'noopener');
    navigate(cleanHref, { replace: true, preventScrollReset: true });
    // Once per arrival: the key names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
