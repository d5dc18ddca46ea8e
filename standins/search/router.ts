import { randomUUID, timingSafeEqual } from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import onHeaders from 'on-headers';
import type { z } from 'zod';
import { RuleError } from '@voltaris/protocol/coveo/rules';
import { Bitset } from './engine/bitset.ts';
import { ExpressionError } from './engine/evaluate.ts';
import { FacetError } from './engine/facets.ts';
import { HIERARCHY_DELIMITER, isNumeric, naturalCompare } from './engine/index.ts';
import { QuerySyntaxError } from '@voltaris/protocol/coveo/query-syntax';
import { wildcardMatcher, WildcardPatternError } from './engine/wildcard.ts';
import type { SearchEngine } from './engine/search.ts';
import { facetSearchRequestSchema, planRequestSchema, productListingRequestSchema, querySuggestRequestSchema, searchRequestSchema, type SearchRequest } from '@voltaris/protocol/coveo/schemas';
import { commerceFields, Recommender } from './recommend.ts';
import { caseQuery, caseWords, documentSuggestRequestSchema, numberOfSuggestionsSchema } from './case-assist.ts';
import { documentHtml } from './document-html.ts';
import { jsonBody } from './json-body.ts';
import { issueSearchToken, searchTokenRequestSchema, verifySearchToken } from './tokens.ts';
import { docIdFromUniqueId, identity, languageOfLocale, toResult } from './protocol/results.ts';
import type { Suggester } from './suggest.ts';
import { valueIn } from './document-list.ts';
import { controlGuard, DEFAULT_CONTROL_TOKEN, failureSwitch } from '../stand-in-failure.ts';
import { acceptAnalytics, analyticsKindOf, ANALYTICS_PATHS, recordAnalytics, type AnalyticsStore } from './analytics-sink.ts';

/**
 * The Coveo Search API v2 subset @coveo/headless speaks (REQ-COVEO-1 to REQ-COVEO-12), on the site's own
 * origin: search, querySuggest, facet, plan, html, fields, and the analytics endpoints. Errors come
 * in Coveo's JSON shape {statusCode, message, type}; bad input is a 400, never a 500.
 */

import { EXPIRED_TOKEN_MESSAGE, SEARCH_API_BASE } from '@voltaris/protocol/coveo/api';
export { EXPIRED_TOKEN_MESSAGE, SEARCH_API_BASE };

export interface SearchServiceOptions {
  engine: SearchEngine;
  suggester: Suggester;
  organizationId: string;
  accessToken: string;
  /** A token that is always expired, so clients' renewal and error paths can be exercised. */
  expiredToken: string;
  /**
   * An API key with the impersonate privilege: it alone may ask `POST /token` for search tokens
   * naming users (who then see secured documents).
   */
  apiKey: string;
  /** Signs and checks the search tokens this service issues; no one else needs it. */
  tokenSecret: string;
  /** Requests per minute per client (see clientOf); 0 turns the limit off. */
  rateLimitPerMinute: number;
  analytics: AnalyticsStore;
  /**
   * Documents of pages the content host no longer publishes (an unpublished language version,
   * decision 0100): left out of every answer, as Coveo for Sitecore drops an unpublished item.
   */
  hidden?: { documents?: Bitset };
  /** The stand-ins' control token (querySuggest/_control, _analytics); the demo one when unset. */
  controlToken?: string;
  /**
   * Where the buckets live when several processes serve one site (server/shared-store.ts): the
   * answer is the milliseconds to wait, 0 when a token was taken. Unset: this process's memory.
   */
  takeToken?: (key: string, capacity: number, perMinute: number) => Promise<number>;
}

function sendError(res: Response, statusCode: number, type: string, message: string) {
  sendJson(res, { statusCode, message, type }, statusCode);
}

/**
 * A JSON answer written in one piece with its length. Express's res.json also hashed every answer
 * for an ETag (SHA-1 over 10-30 kB per search) that no client of a POST API revalidates with.
 */
export function sendJson(res: Response, body: unknown, status = 200) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who a request is for, for the rate limit. As with Coveo, a server calling on behalf of visitors
 * names the visitor in X-Forwarded-For; the header is read only once the caller has shown a valid
 * token or key (clients never hold them: the site keeps them on the server), and its first address
 * is taken, the one the caller vouches for. Without it, the connection's own address counts.
 */
export function clientOf(req: Request): string {
  const named = req.get('x-forwarded-for')?.split(',', 1)[0]?.trim();
  return named || req.socket.remoteAddress || 'unknown';
}

/**
 * A token bucket per client: a minute's worth of requests may come at once, then they refill
 * evenly (perMinute / 60 a second). Refilling evenly keeps Retry-After short (at 600 a minute, 1 s)
 * where a fixed one-minute window told a client over it to wait until the window's end, up to
 * 60 s: the site retries a throttled search after Retry-After, so a steady crawler is slowed
 * down rather than shown errors.
 */
class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly perMinute: number) {}

  /** Seconds to wait, or 0 when the request may go ahead. */
  check(key: string, now = Date.now()): number {
    if (this.perMinute <= 0) return 0;
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    if (!this.buckets.has(key)) {
      // Bounded memory: forget the clients seen so far (their buckets refill anyway).
      if (this.buckets.size >= 10_000) this.buckets.clear();
      this.buckets.set(key, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }
}

/** How deep a request body may nest (a category facet's values nest two levels per category level). */
export const MAX_BODY_DEPTH = 64;

/** True when a parsed JSON value nests deeper than `max` (checked without recursion). */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [current, depth] = pending.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return false;
}

export function createSearchServiceRouter(options: SearchServiceOptions) {
  const { engine, suggester, analytics } = options;
  const index = engine.index;
  const router = express.Router();
  // Its own handling time on every answer (W3C Server-Timing), so a client can tell the service's
  // time from the network's and its own event loop's (bench:ssr row 7; the site's
  // site_outside_service_reported_seconds). Coveo sends no such header; clients ignore it.
  router.use((_req, res, next) => {
    const received = performance.now();
    onHeaders(res, () => res.setHeader('Server-Timing', `app;dur=${(performance.now() - received).toFixed(2)}`));
    next();
  });
  const limiter = new RateLimiter(options.rateLimitPerMinute);
  const perMinute = options.rateLimitPerMinute;
  const shared = options.takeToken;
  /** Seconds to wait, or 0 when the request may go ahead. */
  const waitFor = async (client: string): Promise<number> => {
    if (!shared || perMinute <= 0) return limiter.check(client);
    try {
      const waitMs = await shared(`search-limit:${client}`, perMinute, perMinute);
      return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 1000)) : 0;
    } catch {
      // The shared store is unreachable: this process's own bucket still holds a visitor back.
      return limiter.check(client);
    }
  };
  const anonymousFilter = engine.index.valueSet('issecured', 'true').not();
  const everything = Bitset.full(engine.index.size);

  const json = jsonBody(express.json({ limit: '256kb', type: () => true }), 256 * 1024);
  const form = express.urlencoded({ extended: false, limit: '64kb' });

  const authenticate = (req: Request, res: Response, next: NextFunction) => {
    res.set('Access-Control-Allow-Origin', req.get('origin') ?? '*');
    res.set('Vary', 'Origin');
    const org = req.params.org ?? (typeof req.query.organizationId === 'string' ? req.query.organizationId : undefined);
    if (org !== options.organizationId) {
      return sendError(res, 404, 'InvalidOrganization', org ? `The organization "${org}" does not exist.` : 'The organizationId parameter is required.');
    }
    const header = req.get('authorization');
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : typeof req.query.access_token === 'string' ? req.query.access_token : undefined;
    if (token === options.expiredToken) return sendError(res, 419, 'ExpiredTokenException', EXPIRED_TOKEN_MESSAGE);
    const proceed = () => {
      waitFor(clientOf(req)).then((wait) => {
        if (wait > 0) {
          res.set('Retry-After', String(wait));
          return sendError(res, 429, 'TooManyRequestsException', `Too many requests: try again in ${wait} s.`);
        }
        next();
      }, next);
    };
    if (token && sameSecret(token, options.accessToken)) {
      res.locals.identified = false;
      return proceed();
    }
    if (!token) return sendError(res, 401, 'InvalidTokenException', 'An access token is required (Authorization: Bearer).');
    verifySearchToken(token, { secret: options.tokenSecret, organizationId: options.organizationId }).then((check) => {
      if (check.kind === 'expired') return sendError(res, 419, 'ExpiredTokenException', EXPIRED_TOKEN_MESSAGE);
      if (check.kind === 'invalid') return sendError(res, 401, 'InvalidTokenException', 'The access token is not valid for this organization.');
      res.locals.identified = true;
      res.locals.identity = check.identity;
      proceed();
    }, next);
  };

  /** What the caller may see: everything for an identified user, no secured documents otherwise. */
  const visibility = { everything, anonymousFilter, hiddenFrom: undefined as Bitset | undefined };
  const visibleTo = (res: Response): Bitset => {
    const hidden = options.hidden?.documents;
    if (hidden !== visibility.hiddenFrom) {
      visibility.hiddenFrom = hidden;
      visibility.everything = hidden ? everything.clone().andNot(hidden) : everything;
      visibility.anonymousFilter = hidden ? anonymousFilter.clone().andNot(hidden) : anonymousFilter;
    }
    return res.locals.identified ? visibility.everything : visibility.anonymousFilter;
  };

  const parse = <S extends z.ZodType>(schema: S, body: unknown, res: Response): z.infer<S> | undefined => {
    // Recursive schemas (category values) would overflow the stack on a body nested thousands deep.
    if (nestedDeeperThan(body, MAX_BODY_DEPTH)) {
      sendError(res, 400, 'InvalidRequestException', `The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
      return undefined;
    }
    const parsed = schema.safeParse(body ?? {});
    if (parsed.success) return parsed.data;
    sendError(res, 400, 'InvalidRequestException', zodMessage(parsed.error));
    return undefined;
  };

  const handleEngineError = (error: unknown, res: Response) => {
    if (error instanceof QuerySyntaxError) return sendError(res, 400, 'InvalidQueryExpressionException', error.message);
    if (error instanceof ExpressionError || error instanceof FacetError || error instanceof RuleError || error instanceof WildcardPatternError) {
      return sendError(res, 400, 'InvalidRequestException', error.message);
    }
    throw error;
  };

  const recommender = new Recommender(index, analytics);
  const controlToken = options.controlToken ?? DEFAULT_CONTROL_TOKEN;
  const controlErrorBody = (message: string, statusCode: number) => ({
    statusCode,
    message,
    type: ({ 400: 'InvalidRequestException', 401: 'InvalidTokenException', 403: 'InvalidTokenException', 429: 'TooManyRequestsException' } as Record<number, string>)[statusCode] ?? 'InternalServerError',
  });
  // Not a Coveo endpoint: tests tell recommendations (only) to fail, to see the pages that show them
  // stay whole. It changes what every visitor gets: the stand-ins' control token (decision 0038).
  const recommendationFailure = failureSwitch({ service: 'recommendations', controlToken, errorBody: controlErrorBody });

  const runRecommendations = (request: SearchRequest, res: Response) => {
    if (recommendationFailure.failIfTold(res.req, res)) return;
    const language = languageOfLocale(request.locale);
    let allowed = visibleTo(res);
    try {
      if (request.aq || request.cq) allowed = engine.matches({ ...request, q: '', facets: [] }, visibleTo(res));
    } catch (error) {
      return handleEngineError(error, res);
    }
    const docs = recommender.recommend(request, allowed, request.numberOfResults);
    const shape = { language, fieldsToInclude: undefined, matchedTerms: new Set<string>(), excerptLength: request.excerptLength, maxScore: 0 };
    sendJson(res, {
      totalCount: docs.length,
      totalCountFiltered: docs.length,
      duration: 0,
      searchUid: randomUUID(),
      pipeline: request.pipeline ?? 'default',
      splitTestRun: '',
      results: docs.map((doc) => {
        const result = toResult(doc, index.docs.at(doc)!, 0, shape);
        const { uri, urihash } = identity(index.docs.at(doc)!);
        result.isRecommendation = true;
        result.raw = { ...result.raw, ...commerceFields(index.docs.at(doc)!, language), documentUri: uri, documentUriHash: urihash };
        return result;
      }),
      facets: [],
      triggers: [],
      questionAnswer: { answerFound: false, question: '', answerSnippet: '', documentId: { contentIdKey: '', contentIdValue: '' }, score: 0, relatedQuestions: [] },
      extendedResults: {},
    });
  };

  const runSearch = (request: SearchRequest, res: Response) => {
    if (request.recommendation || request.mlParameters) return runRecommendations(request, res);
    const started = performance.now();
    const language = languageOfLocale(request.locale);
    let result;
    try {
      result = engine.search(request, visibleTo(res));
    } catch (error) {
      return handleEngineError(error, res);
    }
    const matchedTerms = new Set(result.matchedTerms);
    const folding = request.filterField ? { collection: request.filterField, parent: request.childField ?? 'foldingparent', child: request.parentField ?? 'foldingchild' } : undefined;
    // Folded results carry the requested fields too, and always the three folding fields the client
    // groups them by (REQ-COVEO-7). They used to carry every field: 27 kB of JSON per 12 results.
    const fieldsToInclude = folding && request.fieldsToInclude ? [...request.fieldsToInclude, folding.collection, folding.parent, folding.child] : request.fieldsToInclude;
    const shape = { language, fieldsToInclude, matchedTerms, excerptLength: request.excerptLength, maxScore: result.maxScore };
    const results = result.hits.map((hit) => {
      const item = toResult(hit.doc, index.docs.at(hit.doc)!, hit.score, shape);
      if (!folding) return item;
      // Folded: the collection's other matches as children, and the parent when this one is a child (REQ-COVEO-7).
      item.childResults = (hit.children ?? []).map((child) => toResult(child.doc, index.docs.at(child.doc)!, child.score, shape));
      item.totalNumberOfChildResults = hit.collectionSize ?? 0;
      const fields = index.docs.at(hit.doc)!.fields;
      const parentId = Object.hasOwn(fields, folding.parent) ? fields[folding.parent] : undefined;
      if (typeof parentId === 'string') {
        const parentDoc = index.valueSet(folding.child, parentId).toArray()[0];
        if (parentDoc !== undefined) item.parentResult = toResult(parentDoc, index.docs.at(parentDoc)!, 0, shape);
      }
      return item;
    });
    const [answer, ...related] = result.answers;
    const qa = (hit: { doc: number; score: number }) => {
      const doc = index.docs.at(hit.doc)!;
      const escape = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
      return {
        question: String(doc.fields.question_custom ?? doc.title[language]),
        answerSnippet: `<p>${escape(String(doc.fields.answer_custom ?? doc.body[language]))}</p>`,
        documentId: { contentIdKey: 'permanentid', contentIdValue: identity(doc).permanentid },
        score: hit.score,
      };
    };
    const questionAnswer = answer
      ? { answerFound: true, ...qa(answer), relatedQuestions: related.map(qa) }
      : { answerFound: false, question: '', answerSnippet: '', documentId: { contentIdKey: '', contentIdValue: '' }, score: 0, relatedQuestions: [] };
    const duration = Math.round(performance.now() - started);
    const termsToHighlight = Object.fromEntries(result.matchedTerms.filter((t) => t.charCodeAt(0) !== 1).map((term) => [term, []]));
    sendJson(res, {
      // Coveo: totalCount before duplicate filtering (folding), totalCountFiltered after it.
      totalCount: result.totalCountUnfolded,
      totalCountFiltered: result.totalCount,
      duration,
      indexDuration: duration,
      requestDuration: duration,
      searchUid: randomUUID(),
      pipeline: request.pipeline ?? 'default',
      splitTestRun: '',
      apiVersion: 2,
      results,
      facets: result.facets,
      triggers: engine.pipeline.triggersFor(request.q),
      termsToHighlight,
      phrasesToHighlight: {},
      queryCorrections: result.suggestedCorrection && request.enableDidYouMean ? [result.suggestedCorrection] : [],
      // Next-mode did-you-mean: present only when the query was corrected (as the captures show).
      ...(request.queryCorrection?.enabled && result.correction
        ? {
            queryCorrection: {
              originalQuery: result.correction.originalQuery,
              correctedQuery: result.correction.correctedQuery,
              corrections: [{ correctedQuery: result.correction.correctedQuery, wordCorrections: result.correction.wordCorrections }],
            },
          }
        : {}),
      questionAnswer,
      extendedResults: {},
      categoryFacets: [],
      groupByResults: [],
      suggestedFacets: [],
    });
  };

  router.options(`${SEARCH_API_BASE}*`, (req, res) => {
    res.set('Access-Control-Allow-Origin', req.get('origin') ?? '*');
    res.set('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
    res.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.set('Access-Control-Max-Age', '600');
    res.status(204).end();
  });

  // Coveo's search-token endpoint: an API key with the impersonate privilege gets a token naming a
  // user (REQ-COVEO-17: `POST /rest/search/v2/token`); every other credential is refused.
  router.post(`${SEARCH_API_BASE}/token`, json, (req, res, next) => {
    const org = typeof req.query.organizationId === 'string' ? req.query.organizationId : undefined;
    if (org !== options.organizationId) {
      return sendError(res, 404, 'InvalidOrganization', org ? `The organization "${org}" does not exist.` : 'The organizationId parameter is required.');
    }
    const header = req.get('authorization');
    const key = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!key) return sendError(res, 401, 'InvalidTokenException', 'An API key with the impersonate privilege is required (Authorization: Bearer).');
    if (!sameSecret(key, options.apiKey)) {
      if (sameSecret(key, options.accessToken)) return sendError(res, 403, 'AccessDeniedException', 'This key may search but not impersonate users: a search token needs an API key with the impersonate privilege.');
      return sendError(res, 401, 'InvalidTokenException', 'The API key is not valid for this organization.');
    }
    const request = parse(searchTokenRequestSchema, req.body, res);
    if (!request) return;
    issueSearchToken(request, { secret: options.tokenSecret, organizationId: options.organizationId }).then((token) => res.json({ token }), next);
  });

  router.post(SEARCH_API_BASE, authenticate, json, (req, res) => {
    const request = parse(searchRequestSchema, req.body, res);
    if (request) runSearch(request, res);
  });

  // 2.x product listing: the listing page's URL picks the category; facets, sort and pages as in search.
  router.post('/rest/organizations/:org/commerce/v1/products/listing', authenticate, json, (req, res) => {
    const listing = parse(productListingRequestSchema, req.body, res);
    if (!listing) return;
    const path = new URL(listing.url).pathname.replace(/\/+$/, '').toLowerCase() || '/';
    const inListing = new Bitset(index.size);
    const links = index.column('serieslink');
    if (links && !isNumeric(links)) {
      links.values.forEach((link, valueId) => {
        const lower = link.toLowerCase();
        if (path === '/' || path === '/products' || lower === path || lower.startsWith(`${path}/`) || path.startsWith(`${lower}/`)) {
          for (const doc of links.postings[valueId]!) inListing.add(doc);
        }
      });
    }
    const sortCriteria = listing.sort?.by === 'fields' ? listing.sort.fields.map((f) => `@${f.name} ${f.direction === 'desc' ? 'descending' : 'ascending'}`).join(',') : 'relevancy';
    const { numberOfValues, page } = listing.pagination;
    const request = searchRequestSchema.safeParse({ q: '', facets: listing.facets.requests, firstResult: (page - 1) * numberOfValues, numberOfResults: numberOfValues, sortCriteria });
    if (!request.success) return sendError(res, 400, 'InvalidRequestException', zodMessage(request.error));
    let result;
    try {
      result = engine.search(request.data, inListing.and(visibleTo(res)));
    } catch (error) {
      return handleEngineError(error, res);
    }
    const language = languageOfLocale(typeof listing.userContext?.locale === 'string' ? listing.userContext.locale : undefined);
    sendJson(res, {
      responseId: randomUUID(),
      products: result.hits.map((hit) => {
        const doc = index.docs.at(hit.doc)!;
        const { permanentid } = identity(doc);
        return {
          permanentid,
          clickUri: String(doc.fields.clickableuri ?? doc.path),
          ...commerceFields(doc, language),
          ec_in_stock: doc.fields.checkstock === true,
          // Own fields only: `constructor` or `__proto__` name no field of a document.
          additionalFields: Object.fromEntries(listing.additionalFields.map((field) => [field, Object.hasOwn(doc.fields, field.toLowerCase()) ? (doc.fields[field.toLowerCase()] ?? null) : null])),
          childResults: [],
          totalNumberOfChildResults: 0,
        };
      }),
      facets: { results: result.facets },
      pagination: { totalCount: result.totalCount },
    });
  });

  // Not Coveo endpoints: the suggester's failure switch (the site then shows REQ-ERR-8's 'suggester was
  // not built') and what the analytics endpoints received. They change or show what every visitor
  // gets, so they take the stand-ins' control token, not the public search token (decision 0038).
  const suggesterFailure = failureSwitch({ service: 'query suggester', controlToken, errorBody: controlErrorBody });
  router.post(`${SEARCH_API_BASE}/querySuggest/_control`, ...suggesterFailure.control);
  router.post(`${SEARCH_API_BASE}/recommendations/_control`, ...recommendationFailure.control);

  router.post(`${SEARCH_API_BASE}/querySuggest`, authenticate, json, (req, res) => {
    if (suggesterFailure.failIfTold(req, res)) return;
    const request = parse(querySuggestRequestSchema, req.body, res);
    if (!request) return;
    sendJson(res, { completions: suggester.suggest(request.q, request.count, languageOfLocale(request.locale)), responseId: randomUUID() });
  });

  router.post(`${SEARCH_API_BASE}/facet`, authenticate, json, (req, res) => {
    const request = parse(facetSearchRequestSchema, req.body, res);
    if (!request) return;
    const column = index.column(request.field);
    if (!column || isNumeric(column)) return res.json({ values: [], moreValuesAvailable: false });
    // Counts are those of the search the facet belongs to, when the client sends it along.
    let scope: Bitset = visibleTo(res).clone();
    if (request.searchContext) {
      // Like facet counts, a facet's search ignores the facet's own selection (values are OR-ed).
      const searchContext = request.searchContext as { facets?: Array<{ field?: unknown }> };
      const ownFacetLeftOut = Array.isArray(searchContext.facets) ? { facets: searchContext.facets.filter((facet) => facet?.field !== request.field) } : {};
      const context = searchRequestSchema.safeParse({ ...searchContext, ...ownFacetLeftOut, numberOfResults: 0 });
      if (!context.success) return sendError(res, 400, 'InvalidRequestException', `searchContext: ${zodMessage(context.error)}`);
      try {
        scope = engine.matches(context.data, visibleTo(res));
      } catch (error) {
        return handleEngineError(error, res);
      }
    }
    // Linear-time wildcards: a RegExp of `.*` per star backtracked exponentially (issue 19).
    let matches: (text: string) => boolean;
    try {
      matches = wildcardMatcher(request.query.toLowerCase());
    } catch (error) {
      return handleEngineError(error, res);
    }
    const counts = new Int32Array(column.values.length);
    scope.forEach((doc) => {
      for (let k = column.offsets[doc]!; k < column.offsets[doc + 1]!; k += 1) counts[column.valueIds[k]!]! += 1;
    });
    const hierarchical = request.type === 'hierarchical';
    // Own properties only: a value named like an Object.prototype member has no caption.
    const captionOf = (value: string) => (Object.hasOwn(request.captions, value) ? request.captions[value] : undefined);
    const ignored = new Set(request.ignoreValues.map((v) => v.toLowerCase()));
    const ignoredPaths = new Set(request.ignorePaths.map((p) => p.join(HIERARCHY_DELIMITER).toLowerCase()));
    const basePrefix = request.basePath.length ? `${request.basePath.join(HIERARCHY_DELIMITER)}${HIERARCHY_DELIMITER}` : '';
    const found: Array<{ value: string; count: number }> = [];
    column.values.forEach((value, id) => {
      if (counts[id] === 0) return;
      const display = hierarchical ? value.split(HIERARCHY_DELIMITER).at(-1)! : value;
      if (hierarchical && (!value.startsWith(basePrefix) || ignoredPaths.has(value.toLowerCase()))) return;
      if (!hierarchical && ignored.has(value.toLowerCase())) return;
      const caption = captionOf(value) ?? display;
      if (!matches(caption.toLowerCase()) && !matches(display.toLowerCase())) return;
      found.push({ value, count: counts[id]! });
    });
    found.sort((a, b) => b.count - a.count || naturalCompare(a.value, b.value));
    sendJson(res, {
      values: found.slice(0, request.numberOfValues).map(({ value, count }) => {
        const display = hierarchical ? value.split(HIERARCHY_DELIMITER).at(-1)! : value;
        return {
          displayValue: captionOf(value) ?? display,
          rawValue: display,
          count,
          ...(hierarchical ? { path: value.split(HIERARCHY_DELIMITER).slice(0, -1) } : {}),
        };
      }),
      moreValuesAvailable: found.length > request.numberOfValues,
    });
  });

  router.post(`${SEARCH_API_BASE}/plan`, authenticate, json, (req, res) => {
    const request = parse(planRequestSchema, req.body, res);
    if (!request) return;
    sendJson(res, { preprocessingOutput: { triggers: engine.pipeline.triggersFor(request.q) }, parsedInput: { basicExpression: request.q, largeExpression: '' } });
  });

  /** The document a uniqueId names, if the caller may see it (secured ones for identified users only). */
  const documentOf = (uniqueId: string, res: Response) => {
    const id = docIdFromUniqueId(uniqueId);
    const doc = id === undefined ? undefined : index.docs.at(id);
    if (id === undefined || !doc || (doc.fields.issecured === true && !res.locals.identified)) {
      sendError(res, 404, 'DocumentNotFoundException', `No document has the uniqueId "${uniqueId}".`);
      return undefined;
    }
    return { id, doc };
  };

  const html = (req: Request, res: Response) => {
    const params = { ...(req.query as Record<string, unknown>), ...(typeof req.body === 'object' ? req.body : {}) };
    const found = documentOf(typeof params.uniqueId === 'string' ? params.uniqueId : '', res);
    if (!found) return;
    const language = languageOfLocale(typeof params.locale === 'string' ? params.locale : undefined);
    res.type('text/html; charset=utf-8').send(documentHtml(found.doc, language, typeof params.q === 'string' ? params.q : ''));
  };
  router.post(`${SEARCH_API_BASE}/html`, authenticate, form, html);
  router.get(`${SEARCH_API_BASE}/html`, authenticate, html);

  // GET /document?uniqueId=: one item's metadata as a search result (Coveo's "get item" call); the
  // preview page reads the fields it shows (type, language, size, dates) from it.
  router.get(`${SEARCH_API_BASE}/document`, authenticate, (req, res) => {
    const found = documentOf(typeof req.query.uniqueId === 'string' ? req.query.uniqueId : '', res);
    if (!found) return;
    const language = languageOfLocale(typeof req.query.locale === 'string' ? req.query.locale : undefined);
    res.json(toResult(found.id, found.doc, 0, { language, fieldsToInclude: undefined, matchedTerms: new Set(), excerptLength: 200, maxScore: 0 }));
  });

  // Case Assist document suggestions (REQ-COVEO-15): documents and FAQs for the case as described.
  router.post('/rest/organizations/:org/caseassists/:caseAssistId/documents/suggest', authenticate, json, (req, res) => {
    const count = numberOfSuggestionsSchema.safeParse(req.query.numberOfResults ?? undefined);
    if (!count.success) return sendError(res, 400, 'InvalidRequestException', zodMessage(count.error));
    const request = parse(documentSuggestRequestSchema, req.body, res);
    if (!request) return;
    const words = caseWords(request.fields);
    if (words.length === 0) return res.json({ documents: [], totalCount: 0, responseId: randomUUID() });
    const language = languageOfLocale(request.locale);
    const search = searchRequestSchema.parse({ q: caseQuery(words), enableQuerySyntax: true, aq: '@objecttype==(FAQ,Document)', numberOfResults: 50, locale: request.locale ?? 'en-US' });
    let result;
    try {
      result = engine.search(search, visibleTo(res));
    } catch (error) {
      return handleEngineError(error, res);
    }
    // The visitor's language first (stable: relevance within each group).
    const inLanguage = (doc: number) => (valueIn(index.docs, doc, 'language') ?? language) === language;
    const hits = [...result.hits].sort((a, b) => Number(inLanguage(b.doc)) - Number(inLanguage(a.doc))).slice(0, count.data);
    const shape = { language, fieldsToInclude: undefined, matchedTerms: new Set(result.matchedTerms), excerptLength: 200, maxScore: result.maxScore };
    sendJson(res, {
      documents: hits.map((hit) => {
        const item = toResult(hit.doc, index.docs.at(hit.doc)!, hit.score, shape);
        return { uniqueId: item.uniqueId, title: item.title, clickUri: item.clickUri, excerpt: item.excerpt, hasHtmlVersion: item.hasHtmlVersion, fields: item.raw };
      }),
      totalCount: result.totalCount,
      responseId: randomUUID(),
    });
  });

  router.get(`${SEARCH_API_BASE}/fields`, authenticate, (_req, res) => {
    const kindName = { string: 'String', multi: 'String', boolean: 'String', localized: 'String', number: 'Double', date: 'Date' } as const;
    res.json({
      fields: [...index.fields()].map(([name, kind]) => ({
        name: `@${name}`,
        type: kindName[kind],
        description: '',
        defaultValue: '',
        fieldType: kind === 'number' ? 'Double' : kind === 'date' ? 'Date' : 'LargeString',
        fieldSourceType: 'Push',
        includeInQuery: true,
        includeInResults: true,
        groupByField: kind !== 'number' && kind !== 'date',
        splitGroupByField: kind === 'multi',
        sortByField: true,
      })),
    });
  });

  // Analytics (UA v15 and the Event Protocol): the same plain handler the site puts in front of Express.
  // An app that parsed bodies before this router (body-parser marks it) hands over the parsed body.
  router.post(ANALYTICS_PATHS, (req, res) => {
    const parsed = (req as Request & { _body?: boolean })._body === true;
    if (parsed) recordAnalytics(analytics, analyticsKindOf(req) ?? 'event', req.body, res);
    else acceptAnalytics(analytics, req, res);
  });
  router.get(`${SEARCH_API_BASE}/_analytics`, controlGuard({ token: controlToken, errorBody: controlErrorBody }), (req, res) => {
    const limit = Math.min(500, Math.max(0, Number(req.query.limit ?? 50) || 0));
    res.json(analytics.summary(limit));
  });

  // Body-parser failures (malformed or oversized JSON) are the client's mistake: 400, not 500.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: string } | undefined)?.type;
    if (type === 'entity.parse.failed') return sendError(res, 400, 'InvalidRequestException', `The request body is not valid JSON: ${(error as Error).message}`);
    if (type === 'entity.too.large') return sendError(res, 400, 'InvalidRequestException', 'The request body is too large (at most 256 kB).');
    if (type) return sendError(res, 400, 'InvalidRequestException', (error as Error).message);
    next(error);
  });

  return router;
}
