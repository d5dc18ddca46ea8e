import { timingSafeEqual } from 'node:crypto';
import express, { type Request, type Response, type Router } from 'express';
import type { DocumentList } from '../search/document-list.ts';
import { buildCores, CORE_SCHEMAS, type CoreName } from './cores.ts';
import { SolrSyntaxError, UndefinedFieldError } from '@voltaris/protocol/solr/query';
import { BadRequestError, SolrCoreIndex, type SelectRequest } from './select.ts';

/**
 * The embedded Solr stand-in (demo mode, decision 0043): `GET {base}/{core}/select` over the six
 * content cores, JSON only, behind HTTP Basic as a Solr with the BasicAuth plugin is. Answers are
 * shaped as Solr's (`responseHeader`, `response.numFound/start/docs`, `highlighting`, and
 * `error.msg/code` on failure).
 */
export const SOLR_BASE = '/solr';
const DEFAULT_SOLR_USER = 'solr';
const DEFAULT_SOLR_PASSWORD = 'local-solr-password';

const MAX_ROWS = 10_000;

function same(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function solrError(res: Response, status: number, message: string, params: Record<string, unknown> = {}) {
  res.status(status).json({
    responseHeader: { status, QTime: 0, params },
    error: { metadata: ['error-class', 'org.apache.solr.common.SolrException', 'root-error-class', 'org.apache.solr.common.SolrException'], msg: message, code: status },
  });
}

/** One query parameter: Express gives arrays for repeated ones; Solr takes the first. */
function single(value: unknown): string | undefined {
  if (Array.isArray(value)) return single(value[0]);
  return typeof value === 'string' ? value : undefined;
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value.trim())) throw new BadRequestError(`Invalid Number: ${name}=${value}`);
  return Math.min(Number(value), MAX_ROWS * 100);
}

export function createSolrStandIn(options: { documents: DocumentList; user?: string; password?: string; base?: string }) {
  const base = options.base ?? SOLR_BASE;
  const user = options.user ?? DEFAULT_SOLR_USER;
  const password = options.password ?? DEFAULT_SOLR_PASSWORD;
  // The cores are built at the first query, not at start: a restart at 100,000 products spent tens
  // of ms here before the site could answer (decision 0107).
  let built: { cores: ReturnType<typeof buildCores>; indexes: Map<string, SolrCoreIndex> } | undefined;
  const solr = () => {
    if (built) return built;
    const cores = buildCores(options.documents);
    const indexes = new Map<string, SolrCoreIndex>(
      (Object.keys(cores) as CoreName[]).map((name) => [name, new SolrCoreIndex(name, cores[name], CORE_SCHEMAS[name])]),
    );
    return (built = { cores, indexes });
  };
  const router: Router = express.Router();

  const authorised = (req: Request): boolean => {
    const header = req.get('authorization') ?? '';
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
    if (!match) return false;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon > 0 && same(decoded.slice(0, colon), user) && same(decoded.slice(colon + 1), password);
  };

  router.get(`${base}/:core/select`, (req, res) => {
    if (!authorised(req)) {
      res.set('WWW-Authenticate', 'Basic realm="solr", xBasic="true"');
      return solrError(res, 401, req.get('authorization') ? 'Bad credentials' : 'require authentication');
    }
    const { indexes } = solr();
    const index = indexes.get(req.params.core!);
    if (!index) return solrError(res, 404, `Could not find core '${req.params.core}' (cores: ${[...indexes.keys()].join(', ')})`);
    const params = req.query as Record<string, unknown>;
    const started = performance.now();
    try {
      const wt = single(params.wt);
      if (wt !== undefined && wt !== 'json') throw new BadRequestError(`This stand-in answers wt=json only, not wt=${wt}`);
      const defType = single(params.defType) ?? 'lucene';
      if (defType !== 'lucene' && defType !== 'edismax') throw new BadRequestError(`Unknown query parser '${defType}'`);
      const q = single(params.q);
      if (q === undefined) throw new BadRequestError('missing query: q is required');
      const fq = (Array.isArray(params.fq) ? params.fq : params.fq === undefined ? [] : [params.fq]).filter((value): value is string => typeof value === 'string');
      const hl = single(params.hl);
      const request: SelectRequest = {
        q,
        fq,
        rows: Math.min(integer('rows', single(params.rows), 10), MAX_ROWS),
        start: integer('start', single(params.start), 0),
        defType,
        hl: hl === 'true' || hl === 'on',
        ...(single(params.sort) ? { sort: single(params.sort)! } : {}),
        ...(single(params.fl) ? { fl: single(params.fl)! } : {}),
        ...(single(params.df) ? { df: single(params.df)! } : {}),
        ...(single(params.qf) ? { qf: single(params.qf)! } : {}),
        ...(single(params['hl.fl']) ? { hlFl: single(params['hl.fl'])! } : {}),
      };
      const result = index.select(request);
      res.json({
        responseHeader: { status: 0, QTime: Math.round(performance.now() - started), params },
        response: { numFound: result.numFound, start: result.start, numFoundExact: true, docs: result.docs },
        ...(result.highlighting ? { highlighting: result.highlighting } : {}),
      });
    } catch (error) {
      if (error instanceof SolrSyntaxError || error instanceof UndefinedFieldError || error instanceof BadRequestError) return solrError(res, 400, error.message, params);
      throw error;
    }
  });

  return {
    router,
    get cores() {
      return solr().cores;
    },
    base,
  };
}
