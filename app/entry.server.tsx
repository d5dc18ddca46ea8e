import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer, isRouteErrorResponse } from '@remix-run/react';
import { faultLogged, logFault } from './lib/faults.server.ts';
import { renderToPipeableStream } from 'react-dom/server';
import { moveRootVisitorCookie } from './lib/analytics.server.ts';
import { settleCachePolicy } from './lib/cache-policy.server.ts';
import { encodeDocument } from '../server/document-encoding.ts';
import { SiteStylesheetText } from './lib/SiteStylesheet.tsx';
import siteStylesheet from './styles/site.css?inline';

const ABORT_DELAY = 10_000;

/** The size of the pieces React's server renderer writes (react-dom-server's VIEW_SIZE). */
const REACT_VIEW_BYTES = 2048;

/**
 * React 18's server renderer sends its whole 2 kB piece when the next character is multi-byte and
 * does not fit (writeStringChunk writes `currentView`, not the part it filled): the 1 to 3 bytes
 * it left unwritten arrive as NULs inside the page, in Japanese and Chinese text at every piece's
 * end. HTML never carries NUL, so up to three of them ending a full piece are cut.
 */
export function withoutUnwrittenBytes(chunk: Buffer): Buffer {
  if (chunk.length !== REACT_VIEW_BYTES) return chunk;
  let end = chunk.length;
  while (end > chunk.length - 3 && chunk[end - 1] === 0) end -= 1;
  return end === chunk.length ? chunk : chunk.subarray(0, end);
}

/** Inline scripts: a `<script>` element without `src`, and its text as the browser hashes it. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;
/** Style elements (the site's stylesheet, written into the document), their text likewise. */
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

function hashesOf(html: string, elements: RegExp): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(elements)) hashes.add(`sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}`);
  return [...hashes];
}

/** The CSP source of each distinct inline script of a document. */
export function inlineScriptHashes(html: string): string[] {
  return hashesOf(html, INLINE_SCRIPT);
}

/** The CSP source of each distinct style element of a document. */
export function inlineStyleHashes(html: string): string[] {
  return hashesOf(html, INLINE_STYLE);
}

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]*)"(?![^>]*\sfetchpriority=)/g;

/**
 * REQ-UI-5: every module preload of a document asks for low priority. The page is whole without
 * JavaScript (the stylesheet is in the document), so the modules must not take the slow link's
 * first round trips from the images of the first screen. Remix's <Scripts> takes no attribute for
 * the preloads it writes, hence this pass over the finished HTML; React does not compare
 * attributes when it hydrates, so the browser's copy keeps them.
 */
export function withLowPriorityModulePreloads(html: string): string {
  return html.replace(MODULE_PRELOAD, '<link rel="modulepreload" href="$1" fetchpriority="low"');
}

/** The longest the scripts wait for a first paint the browser does not report. */
const FIRST_PAINT_WAIT_MS = 3000;

/** What the module preloads are called until the first paint: a rel no browser acts on. */
export const AFTER_PAINT_REL = 'modulepreload-after-paint';

const MODULE_SCRIPT = /(<script type="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const STATIC_ROUTE_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm;

/**
 * REQ-UI-5: no script is fetched or run before the first paint. Remix's module script imports the
 * route modules statically and the preloads start at once, so on a large page the scripts arrived
 * and hydration ran before Chrome painted (the paint waited 200 ms behind them on the listing), and
 * Lighthouse counts every script that finished before the largest paint into its simulated LCP.
 * The preloads get a rel no browser acts on; the module script waits for the browser's report of
 * the first contentful paint (two frames where paint timing is missing, at most 3 s), then gives
 * them back their rel and imports the same modules dynamically. A hidden tab paints nothing: it
 * goes at once. Remix's script is left alone if it no longer has the shape we know,
 * and then so are the preloads (both or neither, so a page always hydrates).
 */
export function withModulesAfterFirstPaint(html: string): string {
  const script = MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const imports = [...script[2]!.matchAll(STATIC_ROUTE_IMPORT)];
  if (imports.length === 0) return html;
  const names = imports.map((match) => match[1]).join(', ');
  const urls = imports.map((match) => match[2]).join(', ');
  const wait = [
    'await new Promise((go) => {',
    '  const after = () => setTimeout(go);',
    '  if (document.visibilityState === "hidden") return go();',
    '  if (!(PerformanceObserver.supportedEntryTypes || []).includes("paint")) return requestAnimationFrame(() => requestAnimationFrame(after));',
    '  new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); after(); } }).observe({ type: "paint", buffered: true });',
    `  setTimeout(go, ${FIRST_PAINT_WAIT_MS});`,
    '});',
    `for (const link of document.querySelectorAll('link[rel="${AFTER_PAINT_REL}"]')) link.rel = "modulepreload";`,
    // Text for the browser, which loads the same literal URLs Remix named.
    `const [${names}] = await Promise.all([${urls}].map((url) => import(url)));`,
  ].join('\n');
  const rest = script[2]!.replace(STATIC_ROUTE_IMPORT, '');
  // Any other static import, such as Vite's HMR runtime or a manifest module, would still load before the paint.
  if (/^\s*import\s+["'{*\w]/m.test(rest)) return html;
  const body = `${wait}\n${rest}`;
  const start = script.index;
  const head = html.slice(0, start).replaceAll('<link rel="modulepreload" ', `<link rel="${AFTER_PAINT_REL}" `);
  const tail = html.slice(start + script[0].length).replaceAll('<link rel="modulepreload" ', `<link rel="${AFTER_PAINT_REL}" `);
  return `${head}${script[1]}${body}${script[3]}${tail}`;
}

/**
 * The whole document is rendered before anything is sent: its Content-Security-Policy names the
 * hashes of the inline scripts it holds (Remix's context and module imports, scroll restoration),
 * so no nonce changes per response and a shared cache may keep page and header together.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { timing } = loadContext;
  // From the last loader's end to here: Remix turning loader data into the document's context.
  timing?.since('data', 'handoff');
  const rendered = timing?.start('render');
  return new Promise<Response>((resolve, reject) => {
    // Errors outside the shell (the shell's own go to onShellError, and Remix logs them).
    const errors: unknown[] = [];
    let shellFailed = false;
    const page = (
      <SiteStylesheetText.Provider value={siteStylesheet}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
      </SiteStylesheetText.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      onAllReady() {
        if (shellFailed) return;
        for (const error of errors) logFault(request, loadContext, error, 'the page failed to render');
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(withoutUnwrittenBytes(chunk)));
        sink.on('error', reject);
        sink.on('end', () => {
          rendered?.();
          const hashed = timing?.start('csp-hashes');
          const text = withModulesAfterFirstPaint(withLowPriorityModulePreloads(Buffer.concat(chunks).toString('utf8')));
          loadContext.setInlineHashes({ scripts: inlineScriptHashes(text), styles: inlineStyleHashes(text) });
          const html = Buffer.from(text, 'utf8');
          hashed?.();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const status = errors.length ? 500 : responseStatusCode;
          moveRootVisitorCookie(request)
            .then((cookies) => {
              for (const cookie of cookies) responseHeaders.append('Set-Cookie', cookie);
              settleCachePolicy(request, status, responseHeaders);
              if (timing) {
                timing.since('request', 'total');
                responseHeaders.set('Server-Timing', timing.header());
              }
              // The document is whole before it is sent: encoded in one piece, its length lets a
              // cache (nginx) store and serve it as a file rather than re-chunk it on every hit.
              resolve(new Response(encodeDocument(request, responseHeaders, html), { headers: responseHeaders, status }));
            })
            .catch(reject);
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        shellFailed = true;
        reject(error);
      },
      onError(error: unknown) {
        errors.push(error);
      },
    });
    setTimeout(abort, ABORT_DELAY);
  });
}

export async function handleDataRequest(response: Response, { request, context }: { request: Request; context: AppLoadContext }) {
  for (const cookie of await moveRootVisitorCookie(request)) response.headers.append('Set-Cookie', cookie);
  settleCachePolicy(request, response.status, response.headers);
  if (context.timing) {
    context.timing.since('request', 'total');
    response.headers.set('Server-Timing', context.timing.header());
  }
  return response;
}

/**
 * Errors no loader turned into an answer (render errors, routes without withFaultIds): one log line
 * with an error id and the request id (issue 19). A 4xx Remix answers itself is no fault of ours.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (faultLogged(context)) return;
  logFault(request, context, error, 'unexpected error');
}
