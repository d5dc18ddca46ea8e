import { useEffect } from 'react';
import { useLocation } from '@remix-run/react';

/** The page the visitor was on before this one, for the next beacon's `ref` (client navigations). */
let lastPage: string | undefined;

/**
 * Sends the page's analytics record (decision 0049). Without JavaScript the image in <noscript>
 * asks for it; with JavaScript, sendBeacon, once per page and once per search. A navigation that
 * stays on the same path (a search refinement, a listing filter) is no new page view: only its
 * search is sent.
 */
export function PageBeacon({ href }: { href: string | undefined }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!href) return;
    const url = new URL(href, window.location.href);
    const from = lastPage ?? document.referrer;
    if (lastPage !== undefined && new URL(lastPage).pathname === pathname) url.searchParams.delete('view');
    lastPage = window.location.href;
    if (!url.searchParams.has('view') && !url.searchParams.has('search')) return;
    url.searchParams.set('ref', from);
    if (!navigator.sendBeacon?.(url.toString())) void fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  }, [href, pathname]);
  if (!href) return null;
  return (
    <noscript>
      <img className="page-beacon" src={href} alt="" width={1} height={1} />
    </noscript>
  );
}
