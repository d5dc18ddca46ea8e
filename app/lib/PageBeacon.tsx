import { useEffect } from 'react';
import { useLocation } from '@remix-run/react';

/** The page the visitor was on before this one, for the next beacon's `ref` (client navigations). */
let lastPage: string | undefined;

/** The window property the document's own beacon script sets to the address it sent. */
const SENT_BY_DOCUMENT = '__pageBeaconSent';

/**
 * Sends the beacon named by the script's data-href at once, while the document is parsed: a page
 * view no longer waits for the scripts (they load after the first paint, decision 0065), so a
 * visitor who follows a link before they run is still counted (issue 31: a page view was sometimes
 * lost). Static text: the document's policy names its hash (inlineScriptHashes). `ref` as below.
 */
const SEND_NOW = `(function(s){try{var h=s.getAttribute('data-href'),u=new URL(h,location.href),r=document.referrer;u.searchParams.set('ref',/^https?:\\/\\//.test(r)&&r.length<=2000?r:'');if(!(navigator.sendBeacon&&navigator.sendBeacon(u.toString())))fetch(u,{method:'POST',keepalive:true,credentials:'same-origin'}).catch(function(){});window.${SENT_BY_DOCUMENT}=h}catch(e){}})(document.currentScript)`;

/**
 * Sends the page's analytics record (decision 0049). Without JavaScript the image in <noscript>
 * asks for it; with JavaScript, the document's own script sends the first page's as it is parsed,
 * and sendBeacon each later page and search of a client navigation. A navigation that stays on the
 * same path (a search refinement, a listing filter) is no new page view: only its search is sent.
 * A search shown again (back, a revalidation) is recorded once by the endpoint (page-beacon.server.ts).
 */
export function PageBeacon({ href }: { href: string | undefined }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!href) return;
    const url = new URL(href, window.location.href);
    const from = lastPage ?? document.referrer;
    const first = lastPage === undefined;
    if (!first && new URL(lastPage!).pathname === pathname) url.searchParams.delete('view');
    lastPage = window.location.href;
    // The document's script sent the first page's already.
    const sentByDocument = (window as unknown as Record<string, unknown>)[SENT_BY_DOCUMENT];
    if (first && sentByDocument === href) return;
    if (!url.searchParams.has('view') && !url.searchParams.has('search')) return;
    // The endpoint takes an http(s) address or nothing (an app's referrer, say android-app:, is
    // neither); a very long one would take the beacon past the URL limit.
    url.searchParams.set('ref', /^https?:\/\//.test(from) && from.length <= 2000 ? from : '');
    if (!navigator.sendBeacon?.(url.toString())) void fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
  }, [href, pathname]);
  if (!href) return null;
  return (
    <>
      <noscript>
        <img className="page-beacon" src={href} alt="" width={1} height={1} />
      </noscript>
      {/* Rendered by the server only matters: a script React inserts on a client navigation never runs. */}
      <script data-href={href} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SEND_NOW }} />
    </>
  );
}
