import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { LANGUAGES, localizedPath, SITE_LANGUAGES, type SiteLanguage } from '~/cms/language.ts';
import { log } from '~/lib/logger.server.ts';
import { recommendationSchema } from '~/lib/search-rules.ts';
import type { RecommendationKind, RecommendationListView, RecommendedPart } from './recommendations.ts';
import { search, SearchApiError } from '~/search-api/client.server.ts';
import type { SearchResult } from '~/search-api/schemas.server.ts';

/**
 * Product recommendations (REQ-RECS-1; REQ-COVEO-13): the Search API's product-recommendation
 * call, `POST {search base}` with a recommendation id (the strategy), `mlParameters.itemIds` (the
 * skus), the ec_* fields and no `q`, as @coveo/headless 2.x's product-recommendation engine sends
 * it. Asked on the server, so the lists are in the page without JavaScript. Recommendations are
 * an extra: a failing call gives an 'error' list, never a failing page.
 */

/** The recommendation id (Coveo model) each list asks for. */
export const RECOMMENDATION_IDS: Record<RecommendationKind, string> = {
  frequentViewed: 'frequentViewed',
  similar: 'similarProducts',
  zeroResults: 'Recommendation',
};

/** What product recommendations read (REQ-COVEO-13), plus the fields the list shows. */
const PRODUCT_FIELDS = [
  'uri', 'urihash', 'documentUri', 'documentUriHash', 'permanentid', 'clickableuri',
  'ec_name', 'ec_brand', 'ec_category', 'ec_item_group_id', 'ec_price', 'ec_promo_price', 'ec_shortdesc', 'ec_thumbnails', 'ec_images', 'ec_in_stock', 'ec_rating', 'ec_product_id',
  'childResults', 'totalNumberOfChildResults', 'partnumber', 'levelthreecategory', 'currentpagecategoryname', 'leveltwocategory',
];

// Recommendations wait less than the page's own content: a slow model leaves the list out, not the page.
const RECOMMENDATION_TIMEOUT_MS = 2000;

export class RecommendationsUnavailableError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'RecommendationsUnavailableError';
  }
}

/** A site language from a site code ('ja-jp') or a locale tag ('ja-JP', 'de-DE', 'zh-CN'); English otherwise. */
export function siteLanguageOf(locale: string): SiteLanguage {
  const lower = locale.toLowerCase();
  const exact = SITE_LANGUAGES.find((language) => language === lower || LANGUAGES[language].tag.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split('-')[0];
  return SITE_LANGUAGES.find((language) => LANGUAGES[language].tag.toLowerCase().split('-')[0] === base) ?? 'en';
}

/** A recommended product, as a person reads it; undefined when it names no part page to link to. */
function toPart(result: SearchResult, language: SiteLanguage): RecommendedPart | undefined {
  const raw = result.raw;
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  const partNumber = str(raw.ec_product_id) || str(raw.partnumber);
  const target = str(raw.clickableuri) || result.clickUri;
  // Only this site's product pages: an absolute address of our own public origin keeps its path.
  const path = target.startsWith('/') ? target : URL.canParse(target) ? new URL(target).pathname : '';
  if (!partNumber || !path.startsWith('/products/')) return undefined;
  const categories = Array.isArray(raw.ec_category) ? raw.ec_category.map(String) : [];
  const thumbnails = Array.isArray(raw.ec_thumbnails) ? raw.ec_thumbnails.map(String) : [];
  const shortDescription = str(raw.ec_shortdesc);
  // Headless 2.x reads ec_in_stock as a string ("true"/"yes"), the commerce API as a boolean (REQ-COVEO-13).
  const inStock = raw.ec_in_stock === true || ['true', 'yes'].includes(str(raw.ec_in_stock).toLowerCase());
  return {
    partNumber,
    href: localizedPath(language, path),
    description: shortDescription || str(raw.ec_name) || result.title,
    // The localized L3 name (the index's own translation); the English index value only when it is missing.
    category: str(raw.currentpagecategoryname) || str(raw.levelthreecategory) || categories.at(-1) || '',
    inStock,
    ...(thumbnails[0] ? { image: thumbnails[0] } : {}),
  };
}

interface RecommendationCall {
  kind: RecommendationKind;
  locale: string;
  numberOfResults: number;
  mlParameters?: { itemIds: string[]; brandFilter?: string; categoryFilter?: string };
  context?: Record<string, string | string[]>;
  searchHub: string;
}

async function callRecommendations(context: AppLoadContext, call: RecommendationCall): Promise<RecommendedPart[]> {
  let body: Awaited<ReturnType<typeof search>>;
  try {
    body = await search(
      context,
      {
        recommendation: RECOMMENDATION_IDS[call.kind],
        numberOfResults: call.numberOfResults,
        fieldsToInclude: PRODUCT_FIELDS,
        ...(call.mlParameters ? { mlParameters: call.mlParameters } : {}),
        actionsHistory: [],
        ...(call.context ? { context: call.context } : {}),
        searchHub: call.searchHub,
        locale: call.locale,
      },
      { timeoutMs: RECOMMENDATION_TIMEOUT_MS },
    );
  } catch (error) {
    // As Headless decides, an answer is one with results: the client refuses any other.
    if (error instanceof SearchApiError) throw new RecommendationsUnavailableError(error.message, error.status);
    throw error;
  }
  const language = siteLanguageOf(call.locale);
  return body.results.map((result) => toPart(result, language)).filter((part): part is RecommendedPart => part !== undefined);
}

const productRecommendationInput = recommendationSchema.extend({
  kind: z.enum(['frequentViewed', 'similar']),
  locale: z.string().min(1),
});
export type ProductRecommendationInput = z.input<typeof productRecommendationInput>;

/**
 * A product page's list: the parts the strategy recommends for the skus (REQ-VALID-12: at least one sku,
 * 1 to 50 recommendations, 5 by default; brand and category may be empty). Bad input throws the
 * REQ-VALID-12 message (a ZodError): the caller built it wrongly.
 */
export async function fetchProductRecommendations(context: AppLoadContext, input: ProductRecommendationInput): Promise<RecommendedPart[]> {
  const valid = productRecommendationInput.parse(input);
  return callRecommendations(
    context,
    {
      kind: valid.kind,
      locale: valid.locale,
      numberOfResults: valid.maxNumberOfRecommendations,
      mlParameters: { itemIds: valid.skus, ...(valid.brand ? { brandFilter: valid.brand } : {}), ...(valid.category ? { categoryFilter: valid.category } : {}) },
      context: { skus: valid.skus },
      searchHub: 'product-page',
    },
  );
}

function listOf(kind: RecommendationKind, items: RecommendedPart[]): RecommendationListView {
  return { kind, status: items.length ? 'ok' : 'empty', items };
}

/** The same, as a list view that never throws: a failure is logged and shown as the list's error state. */
export async function loadProductRecommendations(context: AppLoadContext, input: ProductRecommendationInput): Promise<RecommendationListView> {
  try {
    return listOf(input.kind, await fetchProductRecommendations(context, input));
  } catch (error) {
    log('warn', 'recommendations', `${input.kind} for ${input.skus.join(',')} failed:`, error instanceof Error ? error.message : error);
    return { kind: input.kind, status: 'error', items: [] };
  }
}

/**
 * What a search with no results shows instead of an empty page (issue 17): the site's
 * recommendation model's parts (the query goes along as context for the model). `locale` is the
 * page's language tag or site code; `context` the Remix load context (the visitor's address goes
 * along). Never throws: a failure is the list's error state.
 */
export async function loadSearchRecommendations(args: { query: string; locale: string; context: AppLoadContext; maxNumberOfRecommendations?: number }): Promise<RecommendationListView> {
  const count = recommendationSchema.shape.maxNumberOfRecommendations.safeParse(args.maxNumberOfRecommendations);
  if (!count.success) throw new RangeError(count.error.issues[0]!.message);
  try {
    const items = await callRecommendations(
      args.context,
      { kind: 'zeroResults', locale: args.locale, numberOfResults: count.data, context: { query: args.query.slice(0, 200) }, searchHub: 'search' },
    );
    return listOf('zeroResults', items);
  } catch (error) {
    log('warn', 'recommendations', `zero-result recommendations for "${args.query.slice(0, 80)}" failed:`, error instanceof Error ? error.message : error);
    return { kind: 'zeroResults', status: 'error', items: [] };
  }
}
