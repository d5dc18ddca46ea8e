import { rawRequest, type RawResponse } from './raw-http.ts';

/**
 * Generated bad (and some good) input for the whole site, deterministic from a seed (issue 19
 * item 8): the search API's bodies, the search page's and the catalogue listing's query
 * parameters, the forms (every method, body, content type and origin) and odd paths (bad escapes,
 * prototype keys, long segments). Used by tests/integration/fuzz.test.ts (2,000 inputs) and by
 * `npm run fuzz -- --count 10000` against a running site (scripts/fuzz.ts).
 */

export interface FuzzInput {
  kind: 'search-api' | 'search-page' | 'listing' | 'form' | 'path';
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof prng>;

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf'];
const ODD_STRINGS = [
  '',
  ' ',
  'fuse',
  '0451005',
  '1.5kV',
  '4k7',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '99999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%',
  '%zz',
  '%E0%A4%A',
  '\u0000',
  '\uFFFF',
  '\uD800',
  '😀',
  'Ünïcødé',
  '日本語',
  '<script>alert(1)</script>',
  '"\'`',
  '../../etc/passwd',
  '@partnumber==0451*',
  '$qre(expression:"a")',
  'a AND OR NOT',
  '(((',
  ')))',
  '"unterminated',
  '@date>=not-a-date',
  '2024/01/01@00:00:00..2025/01/01@00:00:00',
  'past-3-day',
  'not-a-date',
  '*a*',
  'a=b&c=d',
  ...PROTO_KEYS,
];
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789 .,-_/@=<>()[]{}"\'*?!%&+#:;~|\\^$';

/**
 * A short string. Wildcards are kept to a few: a long run of `*` in a facet search is the known
 * backtracking search (issue 19 item 3, fixed in services/search), which would stall the run.
 */
function oddString(r: Random, maxLength = 24): string {
  if (r.chance(0.5)) return r.pick(ODD_STRINGS);
  let text = '';
  const length = r.int(maxLength);
  for (let i = 0; i < length; i++) text += r.chance(0.9) ? ALPHABET[r.int(ALPHABET.length)] : String.fromCodePoint(r.int(0x3000));
  let stars = 0;
  return [...text].filter((c) => c !== '*' || ++stars <= 3).join('');
}

function oddValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 5 : 8)) {
    case 0:
      return oddString(r);
    case 1:
      return r.pick([0, -1, 1, 1.5, 1e9, -1e9, Number.MAX_SAFE_INTEGER, 0.1]);
    case 2:
      return r.pick([true, false, null]);
    case 3:
      return r.pick(PROTO_KEYS);
    case 4:
      return '';
    case 5:
      return Array.from({ length: r.int(4) }, () => oddValue(r, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = r.int(4); i > 0; i--) object[r.chance(0.3) ? r.pick(PROTO_KEYS) : oddString(r, 10)] = oddValue(r, depth + 1);
      return object;
    }
  }
}

const SEARCH_FIELDS = ['q', 'aq', 'cq', 'dq', 'lq', 'numberOfResults', 'firstResult', 'sortCriteria', 'facets', 'fieldsToInclude', 'tab', 'locale', 'searchHub', 'enableDidYouMean', 'queryCorrection', 'filterField', 'pipeline', 'context', 'facetOptions', 'enableQuerySyntax', 'partialMatch', 'visitorId'];
const FACET_TYPES = ['specific', 'dateRange', 'numericalRange', 'hierarchical', 'bogus', '__proto__'];
const FACET_FIELDS = ['market', 'date', 'partnumber', 'levelfourcategory', 'agencyapprovals', 'series', 'voltagerating', 'nosuchfield', ...PROTO_KEYS];

function aqExpression(r: Random): string {
  const field = r.pick(FACET_FIELDS);
  const op = r.pick(['==', '=', '<>', '>=', '<', '..', '~=', '']);
  const value = r.chance(0.5) ? `"${oddString(r, 8)}"` : oddString(r, 8);
  let expression = `@${field}${op}${value}`;
  if (r.chance(0.3)) expression = `(${expression}) ${r.pick(['AND', 'OR', 'NOT', ''])} (${aqExpression(r)})`;
  if (r.chance(0.05)) {
    // Nested a little (up to 60): deep enough to try the parser, not the known 3,000-deep stack overflow.
    const depth = 1 + r.int(60);
    expression = '('.repeat(depth) + expression + ')'.repeat(r.chance(0.8) ? depth : r.int(depth));
  }
  return expression;
}

function searchFacet(r: Random): unknown {
  if (r.chance(0.2)) return oddValue(r);
  return {
    facetId: r.chance(0.8) ? r.pick(FACET_FIELDS) : oddValue(r),
    field: r.pick(FACET_FIELDS),
    type: r.pick(FACET_TYPES),
    numberOfValues: r.pick([0, 1, 10, -1, 1e6, 'ten', null]),
    currentValues: r.chance(0.5)
      ? Array.from({ length: r.int(3) }, () => (r.chance(0.7) ? { value: oddString(r, 12), state: r.pick(['selected', 'idle', 'excluded', 'bogus']) } : oddValue(r)))
      : oddValue(r),
    ...(r.chance(0.3) ? { start: oddValue(r), end: oddValue(r) } : {}),
  };
}

function searchApi(r: Random): FuzzInput {
  const endpoint = r.pick(['', '', '', '/querySuggest', '/facet', '/plan', '/html', '/fields', '/nosuch']);
  const headers: Record<string, string> = { 'content-type': r.chance(0.9) ? 'application/json' : r.pick(['text/plain', 'application/x-www-form-urlencoded', '']) };
  if (r.chance(0.9)) headers.authorization = `Bearer ${r.pick(['local-search-token', 'local-search-token', 'expired-search-token', 'nope', ''])}`;
  let body: string;
  if (r.chance(0.1)) body = r.pick(['', '{', 'null', '[]', '"q"', '{"q":', 'q=fuse', '{"q":"fuse"}}', '\u0000']);
  else {
    const object: Record<string, unknown> = {};
    for (let i = 1 + r.int(5); i > 0; i--) {
      const field = r.chance(0.9) ? r.pick(SEARCH_FIELDS) : r.pick(PROTO_KEYS);
      object[field] = field === 'aq' || field === 'cq' ? (r.chance(0.8) ? aqExpression(r) : oddValue(r)) : field === 'facets' ? Array.from({ length: r.int(3) }, () => searchFacet(r)) : oddValue(r);
    }
    if (endpoint === '/facet') Object.assign(object, { field: r.pick(FACET_FIELDS), query: oddString(r, 10), numberOfValues: r.pick([5, -1, 'x']) });
    body = JSON.stringify(object);
  }
  const query = r.chance(0.9) ? `?organizationId=${r.pick(['local', 'local', 'other', '__proto__', ''])}` : '';
  return { kind: 'search-api', method: endpoint === '/fields' ? 'GET' : r.chance(0.95) ? 'POST' : r.pick(['GET', 'PUT', 'DELETE']), path: `/rest/search/v2${endpoint}${query}`, headers, body };
}

/** encodeURIComponent for any string: a lone surrogate (which it refuses) becomes U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

function queryOf(pairs: Array<[string, string]>): string {
  return pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&');
}

function searchPage(r: Random): FuzzInput {
  const keys = () => r.pick(['q', 'tab', 'sort', 'page', 'size', 'exact', 'more', 'collection', `f.${r.pick(FACET_FIELDS)}`, `fs.${r.pick(FACET_FIELDS)}`, `min.${r.pick(FACET_FIELDS)}`, `max.${r.pick(FACET_FIELDS)}`, r.pick(PROTO_KEYS), `f.${oddString(r, 6)}`]);
  const pairs: Array<[string, string]> = [['q', r.chance(0.7) ? r.pick(['fuse', 'varistor', '0451', '']) : oddString(r)]];
  for (let i = r.int(5); i > 0; i--) pairs.push([keys(), oddString(r, 16)]);
  let query = queryOf(pairs);
  if (r.chance(0.05)) query += r.pick(['&%', '&q=%E0%A4%A', '&&&', '&=', '&f.market']);
  return { kind: 'search-page', method: r.chance(0.9) ? 'GET' : 'HEAD', path: `${r.pick(['', '', '/de', '/ja-jp'])}/searchresult?${query}`, headers: {} };
}

const LISTINGS = ['/products/circuit-protection/fuses', '/products/circuit-protection/fuses/surface-mount-fuses', '/products/circuit-protection/fuses/cartridge-fuses', '/products', '/products/compare', '/products/cross-reference'];
function listing(r: Random): FuzzInput {
  const keys = () =>
    r.pick(['approval', 'mounting', 'grade', 'series', 'stock', 'sample', 'index', 'sort', 'dir', 'size', 'page', 'parts', 'part', 'add', 'equal', `min_${r.pick(['voltagerating', 'currentrating', 'constructor', 'x'])}`, `max_${r.pick(['voltagerating', 'breakingcapacity', '__proto__'])}`, r.pick(PROTO_KEYS)]);
  const pairs: Array<[string, string]> = [];
  for (let i = 1 + r.int(5); i > 0; i--) pairs.push([keys(), r.chance(0.3) ? r.pick(['1.5kV', '250m', '4k7', 'on', 'desc', '24', 'A', '#']) : oddString(r, 16)]);
  return { kind: 'listing', method: 'GET', path: `${r.pick(['', '', '/de'])}${r.pick(LISTINGS)}?${queryOf(pairs)}`, headers: {} };
}

const FORM_PAGES = ['/CheckStock', '/company/contact', '/subscription', '/ask-an-expert', '/supplier-area', '/request-sample', '/request-sample/SampleList', '/', '/?index', '/products', '/searchresult', '/logout', '/login', '/api/search/click', '/api/search/suggest', '/de/CheckStock', '/search?q=fuse', '/media/datasheets/0451.pdf', '/robots.txt', '/sitemap.xml'];
const FORM_FIELDS = ['_component', 'partNumbers', 'partNumber', 'region', 'email', 'name', 'message', 'country', 'businessUnit', 'status', 'website', 'idempotencyKey', 'parts', 'quantity', 'consent', ...PROTO_KEYS];
function form(r: Random, origin: string): FuzzInput {
  const method = r.pick(['POST', 'POST', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'GET', 'HEAD', 'CONNECT_X']);
  const headers: Record<string, string> = {};
  const originChoice = r.pick(['own', 'own', 'own', 'none', 'null', 'evil', 'port']);
  if (originChoice === 'own') headers.origin = origin;
  else if (originChoice === 'null') headers.origin = 'null';
  else if (originChoice === 'evil') headers.origin = 'https://evil.example';
  else if (originChoice === 'port') headers.origin = 'http://127.0.0.1:1';
  if (r.chance(0.2)) headers['sec-fetch-site'] = r.pick(['same-origin', 'cross-site', 'same-site', 'none', 'bogus']);
  // A front names the public host; anyone can send one that is not the Origin's (Remix's own check threw a 500).
  if (r.chance(0.1)) headers['x-forwarded-host'] = r.pick([new URL(origin).host, 'voltaris.cn', 'evil.example', `evil.example, ${new URL(origin).host}`, '']);
  const type = r.pick(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=XyZ', 'multipart/form-data', 'application/json', 'text/plain', 'none']);
  if (type !== 'none') headers['content-type'] = type;
  let body: string | undefined;
  if (method !== 'GET' && method !== 'HEAD' && r.chance(0.9)) {
    if (type.startsWith('multipart') && r.chance(0.6)) {
      body = Array.from({ length: 1 + r.int(3) }, () => `--XyZ\r\nContent-Disposition: form-data; name="${r.pick(FORM_FIELDS)}"\r\n\r\n${oddString(r)}\r\n`).join('') + (r.chance(0.7) ? '--XyZ--\r\n' : '');
    } else if (r.chance(0.8)) {
      const pairs: Array<[string, string]> = [];
      for (let i = r.int(6); i > 0; i--) pairs.push([r.pick(FORM_FIELDS), oddString(r)]);
      if (r.chance(0.5)) pairs.push(['_component', r.pick(['CheckStock', 'ContactUs', 'EnquiryForm', 'MarketingSubscription', 'RequestSample', 'Nope', '__proto__', 'constructor'])]);
      body = queryOf(pairs);
      if (r.chance(0.1)) body += r.pick(['&%', '&%E0%A4%A', '&&=&', '%zz=1']);
    } else body = oddString(r, 64);
  }
  return { kind: 'form', method, path: r.pick(FORM_PAGES), headers, ...(body !== undefined ? { body } : {}) };
}

function oddPath(r: Random): FuzzInput {
  const segment = () => {
    switch (r.int(9)) {
      case 0:
        return r.pick(PROTO_KEYS);
      case 1:
        return r.pick(['%', '%E0%A4%A', '%zz', '%00', '%2F', '%2e%2e', '%C0%AF', '%ff%fe', '%0D%0AX', '%0A', '%E2%80%A8', '%09']);
      case 2:
        return 'x'.repeat(1 + r.int(r.chance(0.1) ? 9000 : 300));
      case 3:
        return r.pick(['..', '.', '', '~', ';', 'de', 'ja-jp', 'en', 'DE']);
      case 4:
        return encode(oddString(r, 12));
      default:
        return r.pick(['products', 'circuit-protection', 'fuses', 'company', 'contact', 'searchresult', 'media', 'resources', 'datasheets', 'sitecore', 'api', 'oidc', 'interaction', 'rest', 'assets', 'healthz', 'CheckStock', 'stock-service', 'v1']);
    }
  };
  const segments = Array.from({ length: 1 + r.int(5) }, segment);
  const path = `/${segments.join('/')}${r.chance(0.2) ? `?${r.pick(PROTO_KEYS)}=${encode(oddString(r, 8))}` : ''}`;
  return { kind: 'path', method: r.pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'DELETE']), path, headers: {} };
}

/** The i-th input of a run with this seed (the same seed and index give the same input). */
export function fuzzInputs(seed: number, count: number, origin: string): FuzzInput[] {
  const r = prng(seed);
  return Array.from({ length: count }, () => {
    const roll = r.next();
    if (roll < 0.3) return searchApi(r);
    if (roll < 0.45) return searchPage(r);
    if (roll < 0.6) return listing(r);
    if (roll < 0.85) return form(r, origin);
    return oddPath(r);
  });
}

export interface FuzzResult {
  input: FuzzInput;
  status: number;
  body: string;
  /** A 4xx a visitor cannot read, and why (unreadableAnswer). */
  unreadable?: string;
}

/** A dictionary key shown instead of its words (`error.badRequest.title`). */
const PHRASE_KEY = /\berror\.[a-zA-Z]+\.(title|text)\b|>\s*error\.[a-zA-Z.]+\s*</;

/**
 * Why a 4xx says nothing a visitor can read, or undefined when it does (issue 31 item 6): an empty
 * body, a phrase key, Remix's "Unexpected Server Error" (its words for a 405 it made itself), JSON
 * without a message, an HTML page without a heading. A HEAD has no body by definition.
 */
export function unreadableAnswer(method: string, response: Pick<RawResponse, 'status' | 'headers' | 'body'>): string | undefined {
  if (response.status < 400 || response.status >= 500 || method === 'HEAD') return undefined;
  const type = String(response.headers['content-type'] ?? '');
  // What a page shows: its scripts carry the dictionary (keys and all) for hydration.
  const body = (type.includes('html') ? response.body.replace(/<script\b[\s\S]*?<\/script>|<style\b[\s\S]*?<\/style>/gi, ' ') : response.body).trim();
  if (!body) return 'empty body';
  if (PHRASE_KEY.test(body)) return 'a phrase key instead of words';
  if (response.body.includes('Unexpected Server Error')) return 'Unexpected Server Error';
  if (type.includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return 'JSON that does not parse';
    }
    const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    const message = [record.message, record.error_description, record.error].find((value) => typeof value === 'string' && /\p{L}{2}/u.test(value));
    return message ? undefined : 'JSON with no message';
  }
  if (type.includes('html')) {
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body)?.[1]?.replace(/<[^>]*>/g, '').trim();
    return heading && /\p{L}{2}/u.test(heading) ? undefined : 'an HTML page without a heading in words';
  }
  return /\p{L}{2}/u.test(body) ? undefined : 'no words';
}

/** Sends the inputs, `concurrency` at a time; a connection error counts as status 0. */
export async function runFuzz(site: string, inputs: FuzzInput[], concurrency = 8, onResult?: (result: FuzzResult, done: number) => void): Promise<FuzzResult[]> {
  const results: FuzzResult[] = new Array(inputs.length);
  let nextIndex = 0;
  let done = 0;
  const worker = async () => {
    while (nextIndex < inputs.length) {
      const index = nextIndex++;
      const input = inputs[index]!;
      let response: RawResponse;
      try {
        response = await rawRequest(site, input.path, { method: input.method, headers: input.headers, ...(input.body !== undefined ? { body: input.body } : {}), timeoutMs: 20_000 });
      } catch (error) {
        response = { status: 0, headers: {}, body: String(error) };
      }
      const unreadable = unreadableAnswer(input.method, response);
      results[index] = { input, status: response.status, body: response.body.slice(0, 300), ...(unreadable ? { unreadable } : {}) };
      onResult?.(results[index]!, ++done);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}
