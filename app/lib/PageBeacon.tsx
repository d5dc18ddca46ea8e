import { useEffect } from 'react';

/** The window property the document's own beacon script sets to the address it sent. */
const SENT_BY_DOCUMENT = '__pageBeaconSent';

/**
 * Sends the beacon named by the script's data-href at once, while the document is parsed: a page
 * view no longer waits for the scripts (they load after the first paint, decision 0065), so a
 * visitor who follows a link before they run is still counted (issue 31: a page view was sometimes
 * lost). Static text: the document's policy names its hash (inlineScriptHashes). `ref` as below.
 */
const SEND_NOW = `(function(s){try{var h=s.getAttribute('data-href'),u=new URL(h,location.href),r=document.referrer;u.searchParams.set('ref',/^https?:\\/\\//.test(r)&&r.length<=2000?r:'');if(!(navigator.sendBeacon&&navigator.sendBeacon(u.toString())))fetch(u,{method:'POST',keepalive:true,credentials:'same-origin'}).catch(function(){});window.${SENT_BY_DOCUMENT}=h}catch(e){}})(document.currentScript)`;

/** What of Remix's router (window.__remixRouter, which RemixBrowser sets) the beacon reads. */
interface NavigationsOfRouter {
  state: NavigationState;
  subscribe(listener: (state: NavigationState) => void): () => void;
}
interface NavigationState {
  navigation: { state: string };
  location: { pathname: string; search: string; hash: string };
  matches: Array<{ route: { id: string } }>;
  loaderData: Record<string, unknown>;
}

/** The beacon address the deepest route of this state names (CmsPage's loader data), if any. */
function beaconOf(state: NavigationState): string | undefined {
  for (const match of [...state.matches].reverse()) {
    const data = state.loaderData[match.route.id];
    if (data && typeof data === 'object' && typeof (data as { beacon?: unknown }).beacon === 'string') return (data as { beacon: string }).beacon;
  }
  return undefined;
}

/** The page last counted: its address (the next beacon's `ref`), path and beacon. */
let last: { page: string; pathname: string; href: string | undefined } | undefined;

function send(href: string, pathname: string, page: string) {
  const url = new URL(href, page);
  const from = last?.page ?? document.referrer;
  // A navigation that stays on the same path (a search refinement, a listing filter) is no new page view.
  if (last && last.pathname === pathname) url.searchParams.delete('view');
  if (!url.searchParams.has('view') && !url.searchParams.has('search')) return;
  // The endpoint takes an http(s) address or nothing (an app's referrer, say android-app:, is
  // neither); a very long one would take the beacon past the URL limit.
  url.searchParams.set('ref', /^https?:\/\//.test(from) && from.length <= 2000 ? from : '');
  queued.push(url.toString());
  sendAfterPaint();
}

function post(url: string) {
  if (!navigator.sendBeacon?.(url)) void fetch(url, { method: 'POST', keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * The page views of client navigations wait for the new page's paint (decision 0126): a
 * sendBeacon costs 6-10 ms of a slow phone's main thread, and sent when the router arrives it sat
 * between the page's data and its paint. Waiting must not lose one (issue 31 item 4: a visitor who
 * types the next address before the new page renders): what waits is sent when the page is left
 * or hidden, and after a bound even if the page never renders.
 */
const queued: string[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;
/** Longest a page view waits for the new page to render (a hidden tab draws no frames). */
const LONGEST_WAIT_MS = 2000;

function sendQueued() {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  for (const url of queued.splice(0)) post(url);
}

function sendAfterPaint() {
  flushTimer ??= setTimeout(sendQueued, LONGEST_WAIT_MS);
}

/** Called when a page is committed: sends what waits once the frame that shows it is drawn. */
function pageCommitted() {
  if (!queued.length) return;
  requestAnimationFrame(() => setTimeout(sendQueued, 0));
}

function sendBeforeLeaving() {
  addEventListener('pagehide', sendQueued);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendQueued();
  });
}

/**
 * Counts each page and search the router arrives at, when it arrives: the address has changed and
 * the page's data is in, whether or not its rendering has finished. A page whose rendering still
 * fetches its modules (the navigation's transition keeps the page before it on screen) was lost
 * when the visitor typed the next address at once (issue 31 item 4): React's effects of the new
 * page never ran. Revalidations with new data (a new search) are counted the same way. Counted
 * on arrival, sent after the paint or on leaving (sendAfterPaint).
 */
function followNavigations(router: NavigationsOfRouter) {
  const arrive = (state: NavigationState) => {
    if (state.navigation.state !== 'idle') return;
    const { pathname, search, hash } = state.location;
    const page = new URL(`${pathname}${search}${hash}`, window.location.href).toString();
    const href = beaconOf(state);
    if (last && last.pathname === pathname && last.href === href) return;
    if (href) send(href, pathname, page);
    last = { page, pathname, href };
  };
  const first = router.state;
  const href = beaconOf(first);
  // The document's script sent the first page's already.
  const sentByDocument = (window as unknown as Record<string, unknown>)[SENT_BY_DOCUMENT];
  if (href && sentByDocument !== href) send(href, first.location.pathname, window.location.href);
  last = { page: window.location.href, pathname: first.location.pathname, href };
  sendBeforeLeaving();
  router.subscribe(arrive);
}

/**
 * Sends the page's analytics record (decision 0049). Without JavaScript the image in <noscript>
 * asks for it; with JavaScript, the document's own script sends the first page's as it is parsed,
 * and sendBeacon each later page and search of a client navigation, counted as the router arrives
 * at it and sent once it is painted (or the page is left).
 * A search shown again (back, a revalidation) is recorded once by the endpoint (page-beacon.server.ts).
 */
export function PageBeacon({ href }: { href: string | undefined }) {
  useEffect(() => {
    // Once per document: the first page with a beacon that hydrates starts following the router.
    if (last) return;
    const router = (window as unknown as { __remixRouter?: NavigationsOfRouter }).__remixRouter;
    if (router) followNavigations(router);
  }, []);
  // A page's commit: its effects run after the browser painted it (a navigation is a transition).
  useEffect(pageCommitted, [href]);
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
