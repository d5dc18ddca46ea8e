import { randomBytes } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import type { LaterVisit, PageCopyRecorder } from '../app/load-context.ts';
import { acceptsGzip, SplicedGzip } from './spliced-gzip.ts';

/**
 * Copies of whole pages for visitors who send no cookies (decision 0031). It sits in front of
 * Express, so a copy costs no middleware, no Remix and no React. A page is stored only when its
 * loader said it is the same for every such visitor (`markShareable`), only with status 200 and
 * never when marked private or no-store. What must stay per response is redone for each copy: a
 * fresh CSP nonce in the header and the body, the visitor's own cookies (`personalCookie`, left out
 * of the copy), and the effects the page asked to repeat (analytics events for this visitor).
 */
export interface PageCacheOptions {
  /** Seconds a copy is served; 0 turns the cache off. */
  ttlSeconds: number;
  /** Total size of the stored bodies. */
  maxBytes?: number;
}

interface StoredPage {
  status: number;
  headers: Array<[string, string | string[]]>;
  /** The body cut at each occurrence of the nonce it was rendered with. */
  bodyParts: Buffer[];
  /** The same body gzipped once, the nonce spliced in per response (decision 0032). */
  gzip: SplicedGzip;
  /** The CSP header cut the same way (it is the only header that names the nonce). */
  cspParts: string[] | undefined;
  effects: Array<(visit: LaterVisit) => void | Promise<void>>;
  bytes: number;
}

class Recorder implements PageCopyRecorder {
  shareable = false;
  readonly personalCookies = new Set<string>();
  readonly effects: Array<(visit: LaterVisit) => void | Promise<void>> = [];
  markShareable() {
    this.shareable = true;
  }
  personalCookie(name: string) {
    this.personalCookies.add(name.toLowerCase());
  }
  forEachLaterVisitor(effect: (visit: LaterVisit) => void | Promise<void>) {
    this.effects.push(effect);
  }
}

/** Headers the copy does not keep: Node writes them for each response. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']);
const NONCE_IN_CSP = /'nonce-([^']+)'/;

/** Nonces from a pooled random buffer: one system call per 256 responses instead of one each. */
let noncePool = Buffer.alloc(0);
let nonceAt = 0;
function freshNonce(): string {
  if (nonceAt + 16 > noncePool.length) {
    noncePool = randomBytes(4096);
    nonceAt = 0;
  }
  nonceAt += 16;
  return noncePool.toString('base64', nonceAt - 16, nonceAt);
}

function firstHeader(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * What a page may depend on besides its URL, for a visitor without cookies: the host and the
 * proxy's view of it (language by host, absolute links), the privacy signals (no analytics, no
 * visitor cookie) and a referrer on this same host (a search page tells the cause of a search, and
 * freezes facets, from the search the visitor came from). Any other referrer only reaches analytics,
 * which is redone per visitor.
 */
function keyOf(req: IncomingMessage): string {
  const host = firstHeader(req.headers['x-forwarded-host']) || firstHeader(req.headers.host);
  const referer = firstHeader(req.headers.referer);
  let sameHostReferer = '';
  if (referer && URL.canParse(referer)) {
    const from = new URL(referer);
    if (from.host === host) sameHostReferer = `${from.pathname}${from.search}`;
  }
  const privacy = req.headers.dnt === '1' || req.headers['sec-gpc'] === '1' ? 'private' : 'tracked';
  return [host, firstHeader(req.headers['x-forwarded-proto']), req.url ?? '', privacy, sameHostReferer].join('\n');
}

function cut(text: Buffer, separator: string): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = text.indexOf(separator, from, 'latin1'); at >= 0; at = text.indexOf(separator, from, 'latin1')) {
    parts.push(text.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(text.subarray(from));
  return parts;
}

export class PageCache {
  private readonly pages: LRUCache<string, StoredPage>;
  private readonly rendering = new Map<string, Promise<void>>();
  private readonly recorders = new WeakMap<IncomingMessage, Recorder>();
  /** Addresses whose last answer could not be shared (assets, forms, APIs): no waiting on each other. */
  private readonly unshared: LRUCache<string, true>;
  readonly stats = { hits: 0, stored: 0, passed: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.pages = new LRUCache<string, StoredPage>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (page) => Math.max(1, page.bytes),
      ttl: Math.max(1, options.ttlSeconds * 1000),
    });
    this.unshared = new LRUCache<string, true>({ max: 10_000, ttl: Math.max(1, options.ttlSeconds * 1000) });
  }

  /** The recorder a loader reaches through its load context; undefined when the request may not be shared. */
  recorderFor(req: IncomingMessage): PageCopyRecorder | undefined {
    return this.recorders.get(req);
  }

  /** Wraps the site's request listener: copies first, the site for everything else. */
  listener(site: RequestListener): RequestListener {
    if (this.options.ttlSeconds <= 0) return site;
    return (req, res) => {
      // A cookie may change the page (session, recent queries, recent results): such visitors get it rendered.
      if (req.method !== 'GET' || req.headers.cookie || req.headers.authorization) {
        site(req, res);
        return;
      }
      const key = keyOf(req);
      const stored = this.pages.get(key);
      if (stored) {
        void this.serve(stored, req, res);
        return;
      }
      if (this.unshared.has(key)) {
        site(req, res);
        return;
      }
      const pending = this.rendering.get(key);
      if (pending) {
        // The same page is being rendered for another visitor: wait for its copy.
        void pending.then(() => {
          const page = this.pages.get(key);
          if (page) void this.serve(page, req, res);
          else site(req, res);
        });
        return;
      }
      const done = this.render(key, site, req, res);
      this.rendering.set(key, done);
      void done.finally(() => this.rendering.delete(key));
    };
  }

  private render(key: string, site: RequestListener, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const recorder = new Recorder();
    this.recorders.set(req, recorder);
    const chunks: Buffer[] = [];
    let capturing = true;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (!capturing || chunk === undefined || chunk === null || typeof chunk === 'function') return;
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      else capturing = false;
    };
    return new Promise<void>((resolve) => {
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        collect(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as ServerResponse['write'];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        collect(chunk, rest[0]);
        this.store(key, recorder, res, capturing ? chunks : undefined);
        resolve();
        return end(chunk, ...rest);
      }) as ServerResponse['end'];
      res.once('close', () => resolve());
      // The copy is stored as written, then compressed once: this visitor gets it uncompressed.
      delete req.headers['accept-encoding'];
      site(req, res);
    });
  }

  private store(key: string, recorder: Recorder, res: ServerResponse, chunks: Buffer[] | undefined) {
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    if (!chunks || !recorder.shareable || res.statusCode !== 200 || /private|no-store/i.test(cacheControl)) {
      this.unshared.set(key, true);
      this.stats.passed += 1;
      return;
    }
    const csp = String(res.getHeader('content-security-policy') ?? '');
    const nonce = NONCE_IN_CSP.exec(csp)?.[1];
    const headers: StoredPage['headers'] = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || PER_RESPONSE_HEADERS.has(name) || name === 'content-security-policy') continue;
      if (name === 'set-cookie') {
        const shared = (Array.isArray(value) ? value : [String(value)]).filter((cookie) => !recorder.personalCookies.has(cookie.slice(0, cookie.indexOf('=')).trim().toLowerCase()));
        if (shared.length) headers.push([name, shared]);
        continue;
      }
      headers.push([name, Array.isArray(value) ? value : String(value)]);
    }
    // Copies go out gzipped or not by the visitor's Accept-Encoding.
    const vary = headers.find(([name]) => name === 'vary');
    if (!vary) headers.push(['vary', 'Accept-Encoding']);
    else if (!/accept-encoding/i.test(String(vary[1]))) vary[1] = `${String(vary[1])}, Accept-Encoding`;
    const body = Buffer.concat(chunks);
    const bodyParts = nonce ? cut(body, nonce) : [body];
    const gzip = new SplicedGzip(bodyParts);
    this.pages.set(key, {
      status: res.statusCode,
      headers,
      bodyParts,
      gzip,
      cspParts: csp ? (nonce ? csp.split(nonce) : [csp]) : undefined,
      effects: recorder.effects,
      bytes: body.length + gzip.bytes,
    });
    this.stats.stored += 1;
  }

  private async serve(page: StoredPage, req: IncomingMessage, res: ServerResponse) {
    this.stats.hits += 1;
    const nonce = freshNonce();
    const headers: OutgoingHttpHeaders = Object.fromEntries(page.headers.map(([name, value]) => [name, Array.isArray(value) ? [...value] : value]));
    if (page.cspParts) headers['content-security-policy'] = page.cspParts.join(nonce);
    const setCookies: string[] = [];
    const visit: LaterVisit = {
      header: (name) => firstHeader(req.headers[name.toLowerCase()]) || undefined,
      setCookie: (value) => void setCookies.push(value),
    };
    for (const effect of page.effects) {
      try {
        // Most effects finish at once: awaiting only a promise serves those copies in the same turn.
        const pending = effect(visit);
        if (pending) await pending;
      } catch (error) {
        console.error('[page-cache] a repeated effect failed:', error instanceof Error ? error.message : error);
      }
    }
    if (setCookies.length) headers['set-cookie'] = [...((headers['set-cookie'] as string[] | undefined) ?? []), ...setCookies];
    // The parts go out as they are (one writev), never copied into one buffer.
    const nonceBytes = Buffer.from(nonce, 'latin1');
    let frames: Buffer[];
    if (acceptsGzip(firstHeader(req.headers['accept-encoding']))) {
      frames = page.gzip.frames(nonceBytes);
      headers['content-encoding'] = 'gzip';
    } else {
      frames = page.bodyParts.flatMap((part, index) => (index > 0 ? [nonceBytes, part] : [part]));
    }
    headers['content-length'] = frames.reduce((length, frame) => length + frame.length, 0);
    headers['x-page-copy'] = 'hit';
    res.writeHead(page.status, headers);
    res.cork();
    for (const frame of frames) res.write(frame);
    res.end();
  }
}
