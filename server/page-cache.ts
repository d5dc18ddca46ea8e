import { randomBytes } from 'node:crypto';
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders, type RequestListener } from 'node:http';
import { Socket } from 'node:net';
import { parse as parseCookies } from 'cookie';
import { LRUCache } from 'lru-cache';
import type { LaterVisit, PageCopyRecorder, PersonalSlot } from '../app/load-context.ts';
import { acceptsGzip, SplicedGzip } from './spliced-gzip.ts';

/**
 * Copies of whole pages (decision 0031), made from a visitor who sends no cookies. It sits in front
 * of Express, so a copy costs no middleware, no Remix and no React. A page is stored only when its
 * loader said it is the same for every such visitor (`markShareable`), only with status 200 and
 * never when marked no-store. What must stay per response is redone for each copy: a
 * fresh CSP nonce in the header and the body, the visitor's own cookies (`personalCookie`, left out
 * of the copy), and the effects the page asked to repeat (analytics events for this visitor).
 *
 * Returning visitors get copies too (decision 0035), when they send only `copyableCookies` and
 * whatever the page read of those is redone for them: by effects, or by personal slots, the parts
 * of the page cut out of the copy and rendered for each visitor from their cookies.
 */
export interface PageCacheOptions {
  /** Seconds a copy is served; 0 turns the cache off. */
  ttlSeconds: number;
  /** Total size of the stored bodies. */
  maxBytes?: number;
  /**
   * Cookies a copy may be served with: every reader of them reports the read
   * (PageCopyRecorder.readsCookie). A visitor who sends any other cookie gets the page rendered.
   */
  copyableCookies?: readonly string[];
}

/** What goes between two parts of a stored body. */
type Hole = { kind: 'nonce' } | { kind: 'html' | 'data'; slot: number };

interface StoredSlot {
  slot: PersonalSlot<unknown>;
  /** The slot as the copy has it: what a visitor without cookies gets. */
  html: Buffer;
  data: Buffer;
}

/** A stored body cut into fixed parts, and the same gzipped once (decision 0032). */
interface CutBody {
  parts: Buffer[];
  /** What goes between parts i and i + 1. */
  holes: Hole[];
  gzip: SplicedGzip;
}

interface StoredPage {
  status: number;
  headers: Array<[string, string | string[]]>;
  /**
   * The body cut at each occurrence of the nonce it was rendered with. Deflate cannot refer back
   * across a cut, so visitors whose slots are the copy's own (no cookies) get this one, better
   * compressed than `sliced`, the same also cut around each slot.
   */
  whole: CutBody;
  sliced: CutBody | undefined;
  slots: StoredSlot[];
  /** The slots' data sits in a script of an HTML page: escaped as Remix escapes it there. */
  dataInScript: boolean;
  /** Its slots were found (`sliced` is there): visitors with cookies may get this copy. */
  slotsCut: boolean;
  /** Cookies the page read and nothing redoes for a later visitor: whoever sends one gets the page rendered. */
  readNotRedone: ReadonlySet<string>;
  /** The CSP header cut the same way (it is the only header that names the nonce). */
  cspParts: string[] | undefined;
  effects: Array<(visit: LaterVisit) => void | Promise<void>>;
  bytes: number;
}

class Recorder implements PageCopyRecorder {
  constructor(readonly forAVisitor: boolean) {}
  shareable = false;
  readonly personalCookies = new Set<string>();
  readonly effects: Array<(visit: LaterVisit) => void | Promise<void>> = [];
  readonly cookiesRead = new Set<string>();
  readonly cookiesRedone = new Set<string>();
  readonly slots: Array<PersonalSlot<unknown>> = [];
  markShareable() {
    this.shareable = true;
  }
  personalCookie(name: string) {
    this.personalCookies.add(name.toLowerCase());
  }
  forEachLaterVisitor(effect: (visit: LaterVisit) => void | Promise<void>, cookies: readonly string[] = []) {
    this.effects.push(effect);
    for (const name of cookies) this.cookiesRedone.add(name);
  }
  readsCookie(name: string) {
    this.cookiesRead.add(name);
  }
  personalSlot<Values>(slot: PersonalSlot<Values>) {
    this.slots.push(slot as PersonalSlot<unknown>);
    for (const name of slot.cookies) this.cookiesRedone.add(name);
  }
}

/** A visitor served a copy; their Cookie header is parsed once, when an effect or a slot asks. */
class Visit implements LaterVisit {
  readonly cookiesSet: string[] = [];
  private cookies: Record<string, string | undefined> | undefined;
  constructor(private readonly req: IncomingMessage) {}
  header(name: string): string | undefined {
    return firstHeader(this.req.headers[name.toLowerCase()]) || undefined;
  }
  cookie(name: string): string | undefined {
    this.cookies ??= this.req.headers.cookie ? parseCookies(this.req.headers.cookie) : {};
    return Object.hasOwn(this.cookies, name) ? this.cookies[name] : undefined;
  }
  setCookie(value: string) {
    this.cookiesSet.push(value);
  }
}

/** The names of the cookies in the header when each is one a copy may be served with, else undefined. */
function copyableCookieNames(header: string, copyable: ReadonlySet<string>): string[] | undefined {
  const names: string[] = [];
  for (const pair of header.split(';')) {
    const equals = pair.indexOf('=');
    const name = (equals < 0 ? pair : pair.slice(0, equals)).trim();
    if (!name) continue;
    if (!copyable.has(name)) return undefined;
    names.push(name);
  }
  return names;
}

/** Whether a visitor who sends these cookies (none, or copyable ones) may be served the copy. */
function servesVisitor(page: StoredPage, cookieNames: readonly string[]): boolean {
  return cookieNames.length === 0 || (page.slotsCut && cookieNames.every((name) => !page.readNotRedone.has(name)));
}

/** How Remix writes JSON into the page's script (its escapeHtml), so the slot's data is found and replaced alike. */
const SCRIPT_ESCAPES: Record<string, string> = { '&': '\\u0026', '>': '\\u003e', '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
function slotData(slot: PersonalSlot<unknown>, values: unknown, inScript: boolean): Buffer {
  const text = `${JSON.stringify(slot.dataKey)}:${JSON.stringify(values)}`;
  return Buffer.from(inScript ? text.replace(/[&><\u2028\u2029]/g, (match) => SCRIPT_ESCAPES[match]!) : text, 'utf8');
}

/** Where `needle` is in `body`: -1 when absent or there more than once. */
function findOnce(body: Buffer, needle: Buffer): number {
  const at = body.indexOf(needle);
  return at >= 0 && body.indexOf(needle, at + 1) < 0 ? at : -1;
}

/** Slots whose copy could not be cut, reported once each. */
const reportedSlots = new Set<string>();

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

/** The host, path and `_data` route of a copy's key (see keyOf): what decides whether it can be shared. */
function pathOf(key: string): string {
  const [host = '', proto = '', url = ''] = key.split('\n', 3);
  const query = url.indexOf('?');
  const route = query < 0 ? '' : (new URLSearchParams(url.slice(query + 1)).get('_data') ?? '');
  return `${host}\n${proto}\n${query < 0 ? url : url.slice(0, query)}\n${route}`;
}

interface Cut {
  at: number;
  length: number;
  hole: Hole;
}

function occurrences(text: Buffer, separator: string): Cut[] {
  const cuts: Cut[] = [];
  for (let at = text.indexOf(separator, 0, 'latin1'); at >= 0; at = text.indexOf(separator, at + separator.length, 'latin1')) {
    cuts.push({ at, length: separator.length, hole: { kind: 'nonce' } });
  }
  return cuts;
}

/** The body without the cuts, in order; undefined when two cuts overlap. */
function cutAt(body: Buffer, cuts: Cut[]): Buffer[] | undefined {
  const parts: Buffer[] = [];
  let from = 0;
  for (const cut of cuts) {
    if (cut.at < from) return undefined;
    parts.push(body.subarray(from, cut.at));
    from = cut.at + cut.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

export class PageCache {
  private readonly pages: LRUCache<string, StoredPage>;
  private readonly rendering = new Map<string, Promise<void>>();
  private readonly recorders = new WeakMap<IncomingMessage, Recorder>();
  /** Addresses whose last answer could not be shared (assets, forms, APIs): no waiting on each other. */
  private readonly unshared: LRUCache<string, true>;
  /**
   * Whether an address's path (with its `_data` route) has ever given a copy. A returning visitor
   * finding no copy has one made first (two renders when it cannot be shared): never for paths that
   * never could (APIs, suggestions as one types, forms).
   */
  private readonly pathsShared: LRUCache<string, boolean>;
  private readonly copyableCookies: ReadonlySet<string>;
  /** `personalized`: hits served to visitors with cookies, their slots filled for them. */
  readonly stats = { hits: 0, personalized: 0, stored: 0, passed: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.pages = new LRUCache<string, StoredPage>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (page) => Math.max(1, page.bytes),
      ttl: Math.max(1, options.ttlSeconds * 1000),
    });
    this.unshared = new LRUCache<string, true>({ max: 10_000, ttl: Math.max(1, options.ttlSeconds * 1000) });
    this.pathsShared = new LRUCache<string, boolean>({ max: 10_000, ttl: 60 * 60 * 1000 });
    this.copyableCookies = new Set(options.copyableCookies ?? []);
  }

  /** The recorder a loader reaches through its load context; undefined when the request may not be shared. */
  recorderFor(req: IncomingMessage): PageCopyRecorder | undefined {
    return this.recorders.get(req);
  }

  /** Wraps the site's request listener: copies first, the site for everything else. */
  listener(site: RequestListener): RequestListener {
    if (this.options.ttlSeconds <= 0) return site;
    return (req, res) => {
      if (req.method !== 'GET' || req.headers.authorization) {
        site(req, res);
        return;
      }
      // Other cookies may change the whole page (a session, a sign-in): such visitors get it rendered.
      const cookieNames = req.headers.cookie ? copyableCookieNames(req.headers.cookie, this.copyableCookies) : [];
      if (!cookieNames) {
        site(req, res);
        return;
      }
      const key = keyOf(req);
      /** The copy when there is one this visitor may have, else the page rendered for them. */
      const copyOrSite = () => {
        const page = this.pages.get(key);
        if (page && servesVisitor(page, cookieNames)) void this.serve(page, req, res, site);
        else site(req, res);
      };
      if (this.pages.has(key) || this.unshared.has(key)) {
        copyOrSite();
        return;
      }
      const pending = this.rendering.get(key);
      if (pending) {
        // The same page is being rendered for another visitor: wait for its copy.
        void pending.then(copyOrSite);
        return;
      }
      if (cookieNames.length && this.pathsShared.get(pathOf(key)) === false) {
        site(req, res);
        return;
      }
      if (cookieNames.length) {
        // A copy starts from a visitor without cookies: its slots hold what such a visitor sees.
        const done = this.renderFor(key, site, req);
        this.rendering.set(key, done);
        void done.finally(() => this.rendering.delete(key));
        void done.then(copyOrSite);
        return;
      }
      const done = this.render(key, site, req, res);
      this.rendering.set(key, done);
      void done.finally(() => this.rendering.delete(key));
    };
  }

  /** Renders the page for this visitor without cookies, storing what is sent as the copy. */
  private render(key: string, site: RequestListener, req: IncomingMessage, res: ServerResponse): Promise<void> {
    // The copy is stored as written, then compressed once: this visitor gets it uncompressed.
    delete req.headers['accept-encoding'];
    return this.capture(key, site, req, res, true);
  }

  /**
   * Renders the copy for a visitor with cookies, as a visitor without them would get it: a request
   * of its own, without the visitor's cookies, whose answer goes nowhere but into the copy. The
   * visitor is then served the copy with their slots, or the page rendered for them when it
   * cannot be shared.
   */
  private renderFor(key: string, site: RequestListener, req: IncomingMessage): Promise<void> {
    const copyRequest = new IncomingMessage(new Socket());
    copyRequest.method = 'GET';
    copyRequest.url = req.url;
    copyRequest.httpVersionMajor = req.httpVersionMajor;
    copyRequest.httpVersionMinor = req.httpVersionMinor;
    copyRequest.httpVersion = req.httpVersion;
    const { cookie: _cookie, 'accept-encoding': _encoding, ...headers } = req.headers;
    copyRequest.headers = headers;
    copyRequest.push(null);
    return this.capture(key, site, copyRequest, new ServerResponse(copyRequest), false);
  }

  /** Runs the site for `req`, collecting what it writes; `forward` sends it on to the visitor as well. */
  private capture(key: string, site: RequestListener, req: IncomingMessage, res: ServerResponse, forward: boolean): Promise<void> {
    const recorder = new Recorder(forward);
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
      // An answer that never ends keeps nobody waiting for the copy for long.
      const giveUp = forward ? undefined : setTimeout(resolve, 30_000).unref();
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        collect(chunk, rest[0]);
        return forward ? write(chunk, ...rest) : true;
      }) as ServerResponse['write'];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        collect(chunk, rest[0]);
        this.store(key, recorder, res, capturing ? chunks : undefined);
        clearTimeout(giveUp);
        resolve();
        if (forward) return end(chunk, ...rest);
        const done = [chunk, ...rest].find((arg) => typeof arg === 'function') as (() => void) | undefined;
        if (done) queueMicrotask(done);
        return res;
      }) as ServerResponse['end'];
      if (forward) res.once('close', () => resolve());
      site(req, res);
    });
  }

  private store(key: string, recorder: Recorder, res: ServerResponse, chunks: Buffer[] | undefined) {
    const cacheControl = String(res.getHeader('cache-control') ?? '');
    // Every page says `private` (for shared caches in front); `no-store` keeps it out of copies too.
    if (!chunks || !recorder.shareable || res.statusCode !== 200 || /no-store/i.test(cacheControl)) {
      this.unshared.set(key, true);
      if (!this.pathsShared.get(pathOf(key))) this.pathsShared.set(pathOf(key), false);
      this.stats.passed += 1;
      return;
    }
    this.pathsShared.set(pathOf(key), true);
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
    const dataInScript = /^text\/html/i.test(String(res.getHeader('content-type') ?? ''));
    const nonceCuts = nonce ? occurrences(body, nonce) : [];
    const { slots, slotCuts, complete } = this.locateSlots(recorder, body, dataInScript, key);
    const cutBody = (cuts: Cut[]): CutBody | undefined => {
      const parts = cutAt(body, cuts);
      return parts && { parts, holes: cuts.map((cut) => cut.hole), gzip: new SplicedGzip(parts) };
    };
    const whole = cutBody(nonceCuts)!;
    let sliced: CutBody | undefined;
    if (slotCuts.length) {
      sliced = cutBody([...nonceCuts, ...slotCuts].sort((a, b) => a.at - b.at));
      if (!sliced) this.reportSlot(key, 'overlaps another part of the page');
    }
    this.pages.set(key, {
      status: res.statusCode,
      headers,
      whole,
      sliced,
      slots: sliced ? slots : [],
      dataInScript,
      slotsCut: complete && (sliced !== undefined || slots.length === 0),
      readNotRedone: new Set([...recorder.cookiesRead].filter((name) => !recorder.cookiesRedone.has(name))),
      cspParts: csp ? (nonce ? csp.split(nonce) : [csp]) : undefined,
      effects: recorder.effects,
      bytes: body.length + whole.gzip.bytes + (sliced?.gzip.bytes ?? 0),
    });
    this.stats.stored += 1;
  }

  /**
   * Where each personal slot's HTML and data are in the body. When one is not found exactly once
   * (the slot renders differently from the page, or the text occurs twice) no slot is cut and the
   * copy serves visitors without cookies only.
   */
  private locateSlots(recorder: Recorder, body: Buffer, dataInScript: boolean, key: string): { slots: StoredSlot[]; slotCuts: Cut[]; complete: boolean } {
    const slots: StoredSlot[] = [];
    const slotCuts: Cut[] = [];
    for (const slot of recorder.slots) {
      let html: Buffer;
      let data: Buffer;
      try {
        html = Buffer.from(slot.html(slot.values), 'utf8');
        data = slotData(slot, slot.values, dataInScript);
      } catch (error) {
        this.reportSlot(key, `failed: ${error instanceof Error ? error.message : String(error)}`, slot.dataKey);
        return { slots: [], slotCuts: [], complete: false };
      }
      const dataAt = findOnce(body, data);
      // A data response (a client navigation) has the data and no HTML.
      const htmlAt = dataInScript ? findOnce(body, html) : undefined;
      if (dataAt < 0 || htmlAt === -1) {
        this.reportSlot(key, `is not found once in its copy (${dataAt < 0 ? 'data' : 'HTML'})`, slot.dataKey);
        return { slots: [], slotCuts: [], complete: false };
      }
      const index = slots.push({ slot, html, data }) - 1;
      slotCuts.push({ at: dataAt, length: data.length, hole: { kind: 'data', slot: index } });
      if (htmlAt !== undefined) slotCuts.push({ at: htmlAt, length: html.length, hole: { kind: 'html', slot: index } });
    }
    return { slots, slotCuts, complete: true };
  }

  private reportSlot(key: string, problem: string, dataKey = '') {
    const name = `${dataKey}\n${problem}`;
    if (reportedSlots.has(name)) return;
    // Problems may quote an error's message: a bounded memory of what was said.
    if (reportedSlots.size >= 100) reportedSlots.clear();
    reportedSlots.add(name);
    console.warn(`[page-cache] the personal slot "${dataKey}" of ${key.split('\n')[2]} ${problem}: visitors with cookies get such pages rendered.`);
  }

  /**
   * Each slot's HTML and data for this visitor: the copy's own (the same objects) for a visitor
   * without cookies, or whose values come out as the copy's; rendered for them otherwise.
   */
  private fill(page: StoredPage, visit: Visit, withCookies: boolean): StoredSlot[] {
    if (!withCookies) return page.slots;
    return page.slots.map((stored) => {
      const values = stored.slot.valuesFor(visit);
      const data = slotData(stored.slot, values, page.dataInScript);
      // The HTML is a function of the values alone, and equal JSON means equal values.
      if (data.equals(stored.data)) return stored;
      return { slot: stored.slot, html: Buffer.from(stored.slot.html(values), 'utf8'), data };
    });
  }

  private async serve(page: StoredPage, req: IncomingMessage, res: ServerResponse, site: RequestListener) {
    const visit = new Visit(req);
    const withCookies = Boolean(req.headers.cookie);
    let slots: StoredSlot[];
    try {
      slots = this.fill(page, visit, withCookies);
    } catch (error) {
      console.error('[page-cache] a personal slot failed, the page is rendered:', error instanceof Error ? error.message : error);
      site(req, res);
      return;
    }
    this.stats.hits += 1;
    if (withCookies) this.stats.personalized += 1;
    const nonce = freshNonce();
    const headers: OutgoingHttpHeaders = Object.fromEntries(page.headers.map(([name, value]) => [name, Array.isArray(value) ? [...value] : value]));
    if (page.cspParts) headers['content-security-policy'] = page.cspParts.join(nonce);
    for (const effect of page.effects) {
      try {
        // Most effects finish at once: awaiting only a promise serves those copies in the same turn.
        const pending = effect(visit);
        if (pending) await pending;
      } catch (error) {
        console.error('[page-cache] a repeated effect failed:', error instanceof Error ? error.message : error);
      }
    }
    if (visit.cookiesSet.length) headers['set-cookie'] = [...((headers['set-cookie'] as string[] | undefined) ?? []), ...visit.cookiesSet];
    // The parts go out as they are (one writev), never copied into one buffer.
    const nonceBytes = Buffer.from(nonce, 'latin1');
    const ownSlots = slots.every((slot, index) => slot === page.slots[index]);
    const cut = ownSlots || !page.sliced ? page.whole : page.sliced;
    const between = cut.holes.map((hole) => (hole.kind === 'nonce' ? nonceBytes : slots[hole.slot]![hole.kind]));
    let frames: Buffer[];
    if (acceptsGzip(firstHeader(req.headers['accept-encoding']))) {
      frames = cut.gzip.frames(between);
      headers['content-encoding'] = 'gzip';
    } else {
      frames = cut.parts.flatMap((part, index) => (index > 0 ? [between[index - 1]!, part] : [part]));
    }
    headers['content-length'] = frames.reduce((length, frame) => length + frame.length, 0);
    headers['x-page-copy'] = 'hit';
    res.writeHead(page.status, headers);
    res.cork();
    for (const frame of frames) res.write(frame);
    res.end();
  }
}
