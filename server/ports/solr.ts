import { z } from 'zod';
import { outsideCall } from '../outside-call.ts';

/**
 * The content port: Solr's select API (`GET {url}/{core}/select?...&wt=json`, HTTP Basic). The
 * site's content lists (FAQs, news, events, where-to-buy, plant locations, contacts) are read
 * through it; in demo mode the embedded stand-in (standins/solr) answers at {origin}/solr
 * (decision 0043). Every failure is a SolrError, so a loader shows its own "list unavailable"
 * state instead of a 500.
 */

export type SolrCore = 'faq' | 'news' | 'events' | 'wheretobuy' | 'locations' | 'contactus_details';
export const SOLR_CORES: readonly SolrCore[] = ['faq', 'news', 'events', 'wheretobuy', 'locations', 'contactus_details'];

export interface SolrSelectParams {
  q: string;
  fq?: readonly string[];
  rows?: number;
  start?: number;
  sort?: string;
  fl?: string;
  defType?: 'lucene' | 'edismax';
  df?: string;
  qf?: string;
  hl?: boolean;
  'hl.fl'?: string;
}

export interface SolrSelectResponse<Doc> {
  response: { numFound: number; start: number; docs: Doc[] };
  highlighting?: Record<string, Record<string, string[]>>;
}

export interface SolrClient {
  select<Doc extends Record<string, unknown>>(core: SolrCore, params: SolrSelectParams, signal?: AbortSignal): Promise<SolrSelectResponse<Doc>>;
}

/**
 * Why a select failed: `unreachable` (no connection or a timeout), `unauthorized` (401/403: the
 * credentials), `bad-query` (400: Solr could not parse the query; the message is Solr's),
 * `not-found` (404: no such core), `server` (5xx), `invalid-response` (not Solr's JSON).
 */
export type SolrErrorKind = 'unreachable' | 'unauthorized' | 'bad-query' | 'not-found' | 'server' | 'invalid-response';

export class SolrError extends Error {
  constructor(
    message: string,
    readonly kind: SolrErrorKind,
    /** The HTTP status Solr answered with; 0 when there was no answer. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'SolrError';
  }
}

const responseSchema = z.object({
  response: z.object({
    numFound: z.number().int().min(0),
    start: z.number().int().min(0),
    docs: z.array(z.record(z.string(), z.unknown())),
  }),
  highlighting: z.record(z.string(), z.record(z.string(), z.array(z.string()))).optional(),
});

const errorSchema = z.object({ error: z.object({ msg: z.string().optional(), code: z.number().optional() }) });

const DEFAULT_TIMEOUT_MS = 5000;

/** The query string Solr's select handler reads; fq repeats, booleans are `true`/`false`. */
export function selectQuery(params: SolrSelectParams): URLSearchParams {
  const query = new URLSearchParams({ q: params.q });
  for (const filter of params.fq ?? []) query.append('fq', filter);
  if (params.rows !== undefined) query.set('rows', String(params.rows));
  if (params.start !== undefined) query.set('start', String(params.start));
  for (const key of ['sort', 'fl', 'defType', 'df', 'qf', 'hl.fl'] as const) {
    const value = params[key];
    if (value !== undefined) query.set(key, value);
  }
  if (params.hl !== undefined) query.set('hl', String(params.hl));
  query.set('wt', 'json');
  return query;
}

export function createSolrClient(options: { url: string; user: string; password: string; fetch?: typeof fetch; timeoutMs?: number }): SolrClient {
  const base = options.url.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.user}:${options.password}`).toString('base64')}`;
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async select<Doc extends Record<string, unknown>>(core: SolrCore, params: SolrSelectParams, signal?: AbortSignal) {
      const url = `${base}/${encodeURIComponent(core)}/select?${selectQuery(params)}`;
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await outsideCall('solr', core, (trace) => send(url, { headers: { ...trace, authorization, accept: 'application/json' }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout }), (answer) => answer.status >= 500);
      } catch (error) {
        if (signal?.aborted) throw error;
        const why = timeout.aborted ? `no answer within ${timeoutMs} ms` : error instanceof Error ? error.message : String(error);
        throw new SolrError(`Solr at ${URL.canParse(base) ? new URL(base).origin : base} could not be reached: ${why}`, 'unreachable', 0);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      if (!response.ok) {
        const detail = errorSchema.safeParse(body);
        const message = detail.success && detail.data.error.msg ? detail.data.error.msg : `HTTP ${response.status}`;
        const kind: SolrErrorKind =
          response.status === 400 ? 'bad-query' : response.status === 401 || response.status === 403 ? 'unauthorized' : response.status === 404 ? 'not-found' : 'server';
        throw new SolrError(`Solr ${core}/select: ${message}`, kind, response.status);
      }
      const parsed = responseSchema.safeParse(body);
      if (!parsed.success) throw new SolrError(`Solr ${core}/select answered something other than a select response: ${parsed.error.issues[0]?.message ?? 'not JSON'}`, 'invalid-response', response.status);
      return parsed.data as SolrSelectResponse<Doc>;
    },
  };
}
