import { createHash } from 'node:crypto';
import {
  buildCategoryFacet,
  buildDateFacet,
  buildDidYouMean,
  buildExecuteTrigger,
  buildFacet,
  buildNotifyTrigger,
  buildNumericFacet,
  buildPager,
  buildQueryTrigger,
  buildRedirectionTrigger,
  buildFoldedResultList,
  buildResultsPerPage,
  buildSearchBox,
  buildSearchParameterManager,
  buildSmartSnippet,
  buildSmartSnippetQuestionsList,
  buildSort,
  buildStaticFilter,
  buildStaticFilterValue,
  buildTab,
  loadAdvancedSearchQueryActions,
  type Facet,
  type FoldedCollection,
  type FoldedResult,
  type FoldedResultList,
  type Result,
  type SearchEngine,
  type SearchParameters,
} from '@coveo/headless';
import type { AppLoadContext } from '@remix-run/node';
import { FOLDED_COLLECTION_RESULTS, FOLDED_RESULTS, FOLDING_FIELDS } from '~/lib/search-constants.ts';
import { LRUCache } from 'lru-cache';
import { searchIdentityFor, type SearchIdentity } from '~/auth/search-token.server.ts';
import { getSessionUser } from '~/auth/session.server.ts';
import { sanitizeRichText } from '~/cms/rich-text.server.ts';
import { LANGUAGES, SITE_LANGUAGES } from '~/cms/language.ts';
import { categoryNames } from '../catalogue/taxonomy.server.ts';
import { registry } from '../registry.ts';
import type { SearchFacetDefinition, SearchSectionDefinition } from './definitions.ts';
import { buildSiteSearchEngine } from './engine.server.ts';
import { pageLanguageFilter } from './language-filter.ts';
import { facetToFreeze, isValidRange, SORTS, type SearchUrlState } from './url-state.ts';
import type { FacetValueView, FacetView, FoldedResultView, ResultView, SearchView } from './search-view.ts';
import { siteMetrics } from '~/lib/metrics.server.ts';

/**
 * Runs a search on the server with @coveo/headless, from the URL state. Headless never ships to
 * the browser (docs/decisions/0008): the page renders from the plain view model returned here,
 * with or without JavaScript.
 */

/** REQ-ERR-6 site rule: a search slower than this shows the failure message instead of waiting. */
export const SEARCH_TIMEOUT_MS = 3000;

const RESULT_FIELDS = [
  'source',
  'partnumber',
  'series',
  'productimageurl',
  'datasheeturl',
  'checkstock',
  'isparteligibleforsample',
  'shortdescription',
  'resourcetype',
  'documenttypedisplayname',
  'filetype',
  'size',
  'date',
  'question_custom',
  'answer_custom',
  'levelthreecategory',
  'currentpagecategoryname',
  'issecured',
];

function scalar(value: unknown): string | number | boolean | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.join(', ');
  return null;
}

/** A facet's values as the visitor last saw them, kept in place for this search (REQ-FACET-2 freeze). */
export interface FrozenFacet {
  facetId: string;
  values: string[];
}

interface SearchJob {
  identity: SearchIdentity;
  state: SearchUrlState;
  frozen?: FrozenFacet;
  locale: string;
  request: Request;
  context: AppLoadContext;
}

/**
 * Identical searches (same URL state, language and identity) within `pageCacheSeconds` share one
 * answer, and identical searches in flight share one call: popular queries then cost one Headless
 * engine and one Search API call per period instead of one per visitor. Failed searches are not kept.
 */
const recentViews = new LRUCache<string, SearchView, SearchJob>({
  max: 2000,
  ttlAutopurge: false,
  fetchMethod: async (_key, _stale, { context }) => {
    const view = await executeSearch(context);
    if (view.error) throw new SearchFailed(view);
    return view;
  },
});

class SearchFailed extends Error {
  constructor(readonly view: SearchView) {
    super(view.error?.message);
  }
}

/** Runs a facet's search for `text` and returns its values, the selected ones marked. */
async function searchFacet(engine: SearchEngine, facet: Facet, text: string): Promise<{ query: string; values: FacetValueView[]; more: boolean }> {
  await settled(
    engine,
    () => facet.state.facetSearch.isLoading,
    () => {
      facet.facetSearch.updateText(text);
      facet.facetSearch.search();
    },
  );
  let facetSearch: Facet['state']['facetSearch'];
  try {
    facetSearch = facet.state.facetSearch;
  } catch {
    return { query: text, values: [], more: false };
  }
  // Headless leaves selected values out of the search; those that match are listed first, ticked.
  const needle = text.toLowerCase().replaceAll('*', '');
  const selected = facet.state.values
    .filter((value) => value.state === 'selected' && value.value.toLowerCase().includes(needle))
    .map((value) => ({ value: value.value, count: value.numberOfResults, selected: true }));
  const { values, moreValuesAvailable } = facetSearch;
  const found = values.filter((value) => !selected.some((s) => s.value === value.rawValue)).map((value) => ({ value: value.rawValue, count: value.count, selected: false }));
  return { query: text, values: [...selected, ...found], more: moreValuesAvailable };
}

/** Fields whose values are category names (the catalogue's taxonomy names them in every language). */
const CATEGORY_FIELDS = new Set(['categorypath', 'levelonecategory', 'leveltwocategory', 'subcategoryfacet', 'levelthreecategory', 'levelfourcategory', 'levelfivecategory']);

/** The localized names of the category values this page shows (facet values, the selected path, active filters). */
function namesFor(locale: string, facets: FacetView[], state: SearchUrlState): Record<string, string> {
  const language = SITE_LANGUAGES.find((candidate) => LANGUAGES[candidate].tag === locale) ?? 'en';
  const all = categoryNames(language);
  const shown = new Set<string>();
  for (const facet of facets) {
    if (!CATEGORY_FIELDS.has(facet.field)) continue;
    for (const value of [...facet.values.map((v) => v.value), ...(facet.path ?? []), ...(state.facets[facet.id] ?? [])]) for (const segment of value.split('|')) shown.add(segment);
  }
  return Object.fromEntries([...shown].filter((segment) => Object.hasOwn(all, segment) && all[segment] && all[segment] !== segment).map((segment) => [segment, all[segment]!]));
}

/** The index's language names (Coveo's `language` field) as the tags `lang` attributes take. */
const LANGUAGE_TAGS: Record<string, string> = { English: 'en', German: 'de', Japanese: 'ja', Chinese: 'zh' };

function resultView(result: Result): ResultView {
  return {
    uniqueId: result.uniqueId,
    title: result.title,
    clickUri: result.clickUri,
    uriHash: String(result.raw.urihash ?? ''),
    source: String(result.raw.source ?? ''),
    permanentId: String(result.raw.permanentid ?? ''),
    excerpt: result.excerpt,
    type: String(result.raw.objecttype ?? ''),
    ...(LANGUAGE_TAGS[String(Array.isArray(result.raw.language) ? result.raw.language[0] : (result.raw.language ?? ''))] ? { lang: LANGUAGE_TAGS[String(Array.isArray(result.raw.language) ? result.raw.language[0] : result.raw.language)] } : {}),
    fields: Object.fromEntries(RESULT_FIELDS.map((field) => [field, scalar(result.raw[field])])),
  };
}

/** The folded results under a collection's top result, depth first, without the top result itself. */
function descendants(folded: FoldedResult): Result[] {
  return folded.children.flatMap((child) => [child.result, ...descendants(child)]).filter((result) => result.uniqueId !== folded.result.uniqueId);
}

/** Loads a whole collection (headless asks for up to 100 of its results) within the page's time limit. */
function loadCollection(engine: SearchEngine, list: FoldedResultList, collection: FoldedCollection): Promise<boolean> {
  const current = () => list.state.results.find((candidate) => candidate.result.uniqueId === collection.result.uniqueId);
  return settled(engine, () => Boolean(current()?.isLoadingMoreResults), () => list.loadCollection(collection));
}

/**
 * Starts some Headless work and resolves once its loading flag has gone up and down again (true),
 * or after SEARCH_TIMEOUT_MS (false): the page never waits longer than that for the service.
 */
function settled(engine: SearchEngine, isLoading: () => boolean, start: () => void): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, SEARCH_TIMEOUT_MS);
    let started = false;
    const unsubscribe = engine.subscribe(() => {
      let loading: boolean;
      try {
        loading = isLoading();
      } catch {
        // Headless cannot read some error answers (a refused /facet has no values) and throws from
        // its state getters; thrown in a store listener that would end the process (issue 19 fuzz).
        clearTimeout(timer);
        queueMicrotask(() => unsubscribe());
        resolve(false);
        return;
      }
      if (loading) started = true;
      if (started && !loading) {
        clearTimeout(timer);
        queueMicrotask(() => unsubscribe());
        resolve(true);
      }
    });
    start();
  });
}

/**
 * The search for a URL state. `previous` is the search page the visitor came from: when only one
 * facet's selection changed since, that facet's values stay as they were shown (REQ-FACET-2 freeze).
 */
export async function runSearch(state: SearchUrlState, locale: string, request: Request, context: AppLoadContext, previous: SearchUrlState | null = null): Promise<SearchView> {
  const { search } = context.config;
  const identity = await searchIdentityFor(await getSessionUser(request, context), context);
  // The key names who the answer is for: a signed-in user's secured results are theirs alone.
  const pageKey = (of: SearchUrlState) => JSON.stringify([search.apiUrl, identity.identity, locale, of]);
  const frozen = frozenFacet(previous, state, previous ? await shownFacetValues(context, pageKey(previous)) : undefined);
  const view = await cachedSearch(`${pageKey(state)}|${JSON.stringify(frozen ?? null)}`, { state, locale, request, context, identity, ...(frozen ? { frozen } : {}) });
  if (!view.error) await rememberShownFacetValues(context, pageKey(state), Object.fromEntries(view.facets.map((facet) => [facet.id, facet.values.map((value) => value.value)])));
  return view;
}

async function cachedSearch(key: string, job: SearchJob): Promise<SearchView> {
  const seconds = job.context.config.search.pageCacheSeconds;
  if (seconds <= 0) {
    siteMetrics().searchAnswers.inc({ source: 'asked' });
    return executeSearch(job);
  }
  try {
    const status: LRUCache.Status<string, SearchView, SearchJob> = {};
    const view = (await recentViews.fetch(key, { ttl: seconds * 1000, context: job, status }))!;
    // hit: answered within the period; inflight: the same search was under way.
    siteMetrics().searchAnswers.inc({ source: status.fetch === 'hit' || status.fetch === 'inflight' ? 'reused' : 'asked' });
    return view;
  } catch (error) {
    if (error instanceof SearchFailed) return error.view;
    throw error;
  }
}

/**
 * The facet values each search page showed, by page (URL state, language and identity), so the
 * next page can freeze them without asking the Search API again (REQ-FACET-2 freeze), whichever of the
 * site's processes serves it: kept in the shared store. Small: value names only; kept half an
 * hour, which covers a visitor thinking over a filter. A store that fails means no freeze.
 */
const SHOWN_FACETS_MS = 30 * 60_000;
const shownKey = (pageKey: string) => `facets-shown:${createHash('sha256').update(pageKey).digest('base64url')}`;

async function shownFacetValues(context: AppLoadContext, pageKey: string): Promise<Record<string, string[]> | undefined> {
  try {
    const value = await context.shared.get(shownKey(pageKey));
    return value === undefined ? undefined : (JSON.parse(value) as Record<string, string[]>);
  } catch {
    return undefined;
  }
}

async function rememberShownFacetValues(context: AppLoadContext, pageKey: string, shown: Record<string, string[]>): Promise<void> {
  await context.shared.set(shownKey(pageKey), JSON.stringify(shown), SHOWN_FACETS_MS).catch(() => undefined);
}

/** The facet to freeze, with the values the previous page showed for it (none known: no freeze). */
function frozenFacet(previous: SearchUrlState | null, state: SearchUrlState, shown: Record<string, string[]> | undefined): FrozenFacet | undefined {
  const facetId = facetToFreeze(previous, state);
  const definition = facetId ? registry.searchTabs().find((tab) => tab.id === state.tab)?.facets.find((facet) => facet.id === facetId) : undefined;
  if (!facetId || definition?.type !== 'specific') return undefined;
  const values = shown?.[facetId];
  return values?.length ? { facetId, values } : undefined;
}

/** Headless sends only the selected values after a restore: the frozen facet sends all it showed. */
function freezeFacetInRequest(body: unknown, state: SearchUrlState, frozen: FrozenFacet): unknown {
  if (typeof body !== 'string') return body;
  const parsed = JSON.parse(body) as { facets?: Array<{ facetId: string; currentValues?: unknown; freezeCurrentValues?: boolean }> };
  const facet = parsed.facets?.find((entry) => entry.facetId === frozen.facetId);
  if (!facet) return body;
  const selected = new Set(state.facets[frozen.facetId] ?? []);
  const values = [...frozen.values, ...[...selected].filter((value) => !frozen.values.includes(value))];
  facet.currentValues = values.map((value) => ({ value, state: selected.has(value) ? 'selected' : 'idle' }));
  facet.freezeCurrentValues = true;
  return JSON.stringify(parsed);
}

/** What a URL state searches: the tab, the scope that narrows it, and the facets shown. */
interface SearchPlan {
  tab: SearchSectionDefinition;
  scope?: SearchSectionDefinition;
  facets: SearchFacetDefinition[];
}

function planSearch(state: SearchUrlState, context: AppLoadContext): SearchPlan {
  const tabs = registry.searchTabs();
  const tab = tabs.find((t) => t.id === state.tab) ?? tabs[0]!;
  const extra: SearchFacetDefinition[] = context.config.search.extraFacetFields.map((field) => ({
    id: field,
    field,
    type: 'specific',
    numberOfValues: 8,
    label: field,
    title: field,
  }));
  const scope = state.scope ? registry.searchScopes().find((candidate) => candidate.id === state.scope) : undefined;
  // A scope narrows the tab and brings its own facets (REQ-SEARCH-3).
  const facets = scope ? scope.facets : tab.id === 'mainsearch' ? [...tab.facets, ...extra] : tab.facets;
  return { tab, ...(scope ? { scope } : {}), facets };
}

/** The engine for one search, and the unfolded count its answer reports (Headless keeps only the filtered one). */
function pageEngine(job: SearchJob): { engine: SearchEngine; unfoldedCount: () => number } {
  const { context, request, identity, locale, state, frozen } = job;
  const apiPath = new URL(context.config.search.apiUrl, 'http://local').pathname.replace(/\/$/, '');
  const isSearchCall = (url: string | undefined) => new URL(url ?? '', 'http://local').pathname.replace(/\/$/, '') === apiPath;
  let unfolded = 0;
  const engine = buildSiteSearchEngine({
    context,
    request,
    identity,
    locale,
    // The search call goes to the proxy base itself (facet search, plan and the rest below it): the
    // frozen facet sends all the values it showed.
    ...(frozen ? { adjustRequest: (req) => (isSearchCall(req.url) ? { ...req, body: freezeFacetInRequest(req.body, state, frozen) as typeof req.body } : req) } : {}),
    preprocessSearchResponseMiddleware: (response) => {
      const totalCount = (response.body as { totalCount?: unknown }).totalCount;
      if (typeof totalCount === 'number') unfolded = totalCount;
      return response;
    },
  });
  return { engine, unfoldedCount: () => unfolded };
}

type FacetController = ReturnType<typeof buildFacet> | ReturnType<typeof buildCategoryFacet> | ReturnType<typeof buildDateFacet> | ReturnType<typeof buildNumericFacet>;
interface PlannedFacet {
  definition: SearchFacetDefinition;
  controller: FacetController;
}

function buildFacetControllers(engine: SearchEngine, plan: SearchPlan, state: SearchUrlState): PlannedFacet[] {
  return plan.facets.map((definition) => {
    // Show more: a facet in `expanded` asks for three times its values (REQ-FACET-4 defaults otherwise).
    const numberOfValues = state.expanded.includes(definition.id) ? definition.numberOfValues * 3 : definition.numberOfValues;
    const common = { facetId: definition.id, field: definition.field, numberOfValues };
    // REQ-FACET-5: ascending, even ranges (round widths a visitor can read; min/max inputs refine).
    const ranges = { ...common, generateAutomaticRanges: true, sortCriteria: 'ascending', rangeAlgorithm: 'even' } as const;
    switch (definition.type) {
      case 'hierarchical':
        return { definition, controller: buildCategoryFacet(engine, { options: { ...common, delimitingCharacter: definition.delimitingCharacter ?? '|' } }) };
      case 'dateRange':
        return { definition, controller: buildDateFacet(engine, { options: ranges }) };
      case 'numericalRange':
        return { definition, controller: buildNumericFacet(engine, { options: ranges }) };
      default:
        return { definition, controller: buildFacet(engine, { options: common }) };
    }
  });
}

/** The controllers the page reads, each built once on the request's engine. */
function buildPageControllers(engine: SearchEngine, plan: SearchPlan, state: SearchUrlState) {
  // Only the tab searched: the page lists its tabs from the registry, not from Headless.
  buildTab(engine, { options: { id: plan.tab.id, expression: plan.tab.expression }, initialState: { isActive: true } });
  const facets = buildFacetControllers(engine, plan, state);
  // The query slice exists only once a search box is built; without it headless sends no q.
  buildSearchBox(engine);
  // Headless restores a parameter only into a slice that exists: without these three controllers
  // the page, its size and its sort are dropped silently and every search asks for Headless's
  // defaults (10 results, relevance, first page).
  buildResultsPerPage(engine, { initialState: { numberOfResults: state.size } });
  buildPager(engine);
  buildSort(engine);
  if (plan.scope) {
    const value = buildStaticFilterValue({ caption: plan.scope.id, expression: plan.scope.expression, state: 'selected' });
    buildStaticFilter(engine, { options: { id: 'scope', values: [value] } });
  }
  // Folding (REQ-SEARCH-9): parts of one series fold under the best match, 2 shown; a collection shown in full
  // ("load more", at most 100) when the URL names it.
  const fieldsToInclude = [...RESULT_FIELDS, FOLDING_FIELDS.collection, FOLDING_FIELDS.parent, FOLDING_FIELDS.child];
  const folding = { collectionField: FOLDING_FIELDS.collection, parentField: FOLDING_FIELDS.parent, childField: FOLDING_FIELDS.child, numberOfFoldedResults: FOLDED_RESULTS };
  return {
    facets,
    // Folded under every sort: a sort reorders the set it counts, one result per series (standing at
    // its first part in that order). Unfolded under a sort, "Newest" counted parts, not series.
    folded: buildFoldedResultList(engine, { options: { fieldsToInclude, folding } }),
    didYouMean: buildDidYouMean(engine, { options: { automaticallyCorrectQuery: !state.exact } }),
    notify: buildNotifyTrigger(engine),
    snippet: buildSmartSnippet(engine),
    related: buildSmartSnippetQuestionsList(engine),
    redirect: buildRedirectionTrigger(engine),
    queryTrigger: buildQueryTrigger(engine),
    execute: buildExecuteTrigger(engine),
  };
}
type PageControllers = ReturnType<typeof buildPageControllers>;

/** The URL's facet selections in Headless's parameter groups; empty groups left out (Headless refuses them). */
function facetParameters(facets: PlannedFacet[], state: SearchUrlState): Pick<SearchParameters, 'f' | 'cf' | 'df' | 'nf'> {
  const f: Record<string, string[]> = {};
  const cf: Record<string, string[]> = {};
  const df: NonNullable<SearchParameters['df']> = {};
  const nf: NonNullable<SearchParameters['nf']> = {};
  for (const { definition } of facets) {
    const selected = state.facets[definition.id];
    const range = state.ranges[definition.id];
    if (definition.type === 'specific' && selected?.length) f[definition.id] = selected;
    if (definition.type === 'hierarchical' && selected?.[0]) cf[definition.id] = selected[0].split('|');
    if (definition.type === 'dateRange' && selected?.length) {
      df[definition.id] = selected.map((value) => {
        const [start = '', end = ''] = value.split('..');
        return { start, end, endInclusive: false, state: 'selected' as const };
      });
    }
    if (definition.type === 'numericalRange' && range && (range.min !== undefined || range.max !== undefined) && isValidRange(range)) {
      nf[definition.id] = [{ start: range.min ?? -1e15, end: range.max ?? 1e15, endInclusive: true, state: 'selected' }];
    }
  }
  const given = <T extends object>(group: T) => (Object.keys(group).length ? group : undefined);
  return Object.fromEntries(Object.entries({ f: given(f), cf: given(cf), df: given(df), nf: given(nf) }).filter(([, group]) => group)) as Pick<SearchParameters, 'f' | 'cf' | 'df' | 'nf'>;
}

/** Restores the URL state into the engine (query, tab, sort, page, facets, scope). */
function restoreParameters(engine: SearchEngine, plan: SearchPlan, controllers: PageControllers, state: SearchUrlState, locale: string): void {
  const parameters: SearchParameters = {
    ...(state.q ? { q: state.q } : {}),
    // The page's language, the same for every sort, page, tab and scope (docs/decisions/0080).
    aq: pageLanguageFilter(locale),
    tab: plan.tab.id,
    sortCriteria: SORTS[state.sort],
    firstResult: (state.page - 1) * state.size,
    numberOfResults: state.size,
    ...facetParameters(controllers.facets, state),
    // The restore resets every static filter it is not given: the scope is given by its caption.
    ...(plan.scope ? { sf: { scope: [plan.scope.id] } } : {}),
  };
  // Headless restores aq only into its slice, which loading its actions adds.
  engine.dispatch(loadAdvancedSearchQueryActions(engine).registerAdvancedSearchQueries({ aq: parameters.aq }));
  buildSearchParameterManager(engine, { initialState: { parameters } });
}

interface QueryOutcome {
  /** The answer came within the time limit. */
  completed: boolean;
  /** A query trigger ran `rewritten` in place of what was typed. */
  rewrite?: { original: string; rewritten: string };
  /** Facet searches (fs.<facetId>) by facet. */
  facetSearches: Map<string, NonNullable<FacetView['search']>>;
}

/**
 * Runs the search, then what depends on its answer: the query trigger's undo when the visitor
 * asked for exactly what they typed, each facet's own search, and the whole of a collection the
 * URL names.
 */
async function runQuery(engine: SearchEngine, controllers: PageControllers, state: SearchUrlState): Promise<QueryOutcome> {
  const isLoading = () => Boolean(engine.state.search?.isLoading);
  let completed = await settled(engine, isLoading, () => engine.executeFirstSearch());
  const { queryTrigger, folded } = controllers;
  // "Search instead for" the original is the trigger's undo, which searches again with the rewrite ignored.
  const rewrite = completed && queryTrigger.state.wasQueryModified ? { original: queryTrigger.state.originalQuery, rewritten: queryTrigger.state.newQuery } : undefined;
  if (rewrite && state.exact) completed = await settled(engine, isLoading, () => queryTrigger.undo());
  const facetSearches = completed ? await runFacetSearches(engine, controllers.facets, state) : new Map<string, NonNullable<FacetView['search']>>();
  const wanted = state.collection ? folded.state.results.find((collection) => collection.result.raw[FOLDING_FIELDS.collection] === state.collection) : undefined;
  if (completed && wanted?.moreResultsAvailable) completed = await loadCollection(engine, folded, wanted);
  return { completed, ...(rewrite ? { rewrite } : {}), facetSearches };
}

/** Facet search (fs.<facetId>): the facet's own search box, answered by the Search API's /facet. */
async function runFacetSearches(engine: SearchEngine, facets: PlannedFacet[], state: SearchUrlState): Promise<Map<string, NonNullable<FacetView['search']>>> {
  const searches = await Promise.all(
    facets.map(async ({ definition, controller }) => {
      const text = state.facetSearch[definition.id];
      if (!text || definition.type !== 'specific' || !('facetSearch' in controller)) return undefined;
      return [definition.id, await searchFacet(engine, controller as Facet, text)] as const;
    }),
  );
  return new Map(searches.filter((entry) => entry !== undefined));
}

function facetView({ definition, controller }: PlannedFacet, searched: FacetView['search'] | undefined): FacetView {
  const moreValues = 'canShowMoreValues' in controller.state ? Boolean(controller.state.canShowMoreValues) : false;
  const base = { id: definition.id, field: definition.field, type: definition.type, label: definition.label, moreValues, ...(definition.unit ? { unit: definition.unit } : {}) };
  if ('valuesAsTrees' in controller.state) {
    const ancestry = controller.state.selectedValueAncestry;
    const level = ancestry.length ? (ancestry.at(-1)!.children ?? []) : controller.state.valuesAsTrees;
    return {
      ...base,
      path: ancestry.map((v) => v.value),
      values: level.map((v) => ({ value: [...ancestry.map((a) => a.value), v.value].join('|'), count: v.numberOfResults, selected: false })),
    };
  }
  const values = controller.state.values as Array<{ value?: string; start?: string | number; end?: string | number; state: string; numberOfResults: number }>;
  return {
    ...base,
    ...(searched ? { search: searched } : {}),
    values: values.map((v) => ({ value: v.value ?? `${v.start}..${v.end}`, count: v.numberOfResults, selected: v.state === 'selected' })),
  };
}

/**
 * The failure, if any. Headless 4.0.0 leaves no error state when the service cannot be reached:
 * the response just stays empty. Every real answer has a searchUid, so its absence means disconnected (REQ-ERR-3).
 */
function searchError(engine: SearchEngine, completed: boolean, apiUrl: string): SearchView['error'] {
  if (!completed) return { status: 504, message: 'timeout' };
  const { error, response } = engine.state.search;
  if (error) return { status: error.statusCode, message: error.message, type: error.type };
  if (!response.searchUid) return { status: 0, message: `Client could not connect to the following URL: ${apiUrl}` };
  return undefined;
}

const partNumberOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The result a collection shows first under a sort: the one the sort placed it by (its newest, its
 * lowest part number). Headless puts the series' root part on top, whose date or part number is not
 * what the list is in order of (decision 0080); by relevance the root stays on top.
 */
function sortHead(members: Result[], sort: SearchUrlState['sort']): Result {
  if (sort === 'newest') return members.reduce((best, member) => (Number(member.raw.date ?? -Infinity) > Number(best.raw.date ?? -Infinity) ? member : best));
  if (sort === 'partnumber') return members.reduce((best, member) => (partNumberOrder.compare(String(member.raw.partnumber ?? '\uffff'), String(best.raw.partnumber ?? '\uffff')) < 0 ? member : best));
  return members[0]!;
}

function resultViews(controllers: PageControllers, state: SearchUrlState): FoldedResultView[] {
  return controllers.folded.state.results.map((collection) => {
    const collectionId = String(collection.result.raw[FOLDING_FIELDS.collection] ?? '');
    const members = [collection.result, ...descendants(collection)];
    const head = sortHead(members, state.sort);
    return {
      ...resultView(head),
      // Headless's tree can hold more than the service folded (parents of children): REQ-SEARCH-9 shows 2.
      children: members
        .filter((member) => member !== head)
        .slice(0, state.collection === collection.result.raw[FOLDING_FIELDS.collection] ? FOLDED_COLLECTION_RESULTS : FOLDED_RESULTS)
        .map(resultView),
      collectionId,
      moreInCollection: collection.moreResultsAvailable,
    };
  });
}

/** What the triggers and the smart snippet add to the page. */
function extrasView(controllers: PageControllers, state: SearchUrlState, outcome: QueryOutcome, failed: boolean): Partial<SearchView> & Pick<SearchView, 'notifications' | 'executions'> {
  const { didYouMean, snippet, related, notify, execute, redirect } = controllers;
  const corrected = didYouMean.state.wasAutomaticallyCorrected && didYouMean.state.wasCorrectedTo;
  return {
    ...(corrected ? { correction: { original: didYouMean.state.originalQuery, corrected } } : {}),
    ...(!failed && snippet.state.answerFound
      ? {
          answer: {
            question: snippet.state.question,
            answerHtml: sanitizeRichText(snippet.state.answer),
            related: related.state.questions.map((q) => ({ question: q.question, answerHtml: sanitizeRichText(q.answer) })),
          },
        }
      : {}),
    notifications: notify.state.notifications,
    ...(outcome.rewrite && !state.exact ? { rewrite: outcome.rewrite } : {}),
    // Execute triggers name an action of the page (trigger-actions.ts); unknown names are dropped there.
    executions: failed ? [] : execute.state.executions.map((execution) => execution.functionName),
    ...(redirect.state.redirectTo ? { redirectTo: redirect.state.redirectTo } : {}),
  };
}

/** The plain view model of the engine's answer (the page renders from this, never from Headless). */
function searchViewOf(engine: SearchEngine, controllers: PageControllers, job: SearchJob, outcome: QueryOutcome, unfoldedCount: number): SearchView {
  const { state, locale } = job;
  const error = searchError(engine, outcome.completed, job.context.config.search.apiUrl);
  const { response, duration } = engine.state.search;
  const facets = error ? [] : controllers.facets.map((planned) => facetView(planned, outcome.facetSearches.get(planned.definition.id)));
  return {
    total: error ? 0 : response.totalCountFiltered,
    firstResult: error ? 0 : (engine.state.pagination?.firstResult ?? 0),
    // With folding the visitor is told both counts.
    ...(!error && unfoldedCount > response.totalCountFiltered ? { totalUnfolded: unfoldedCount } : {}),
    searchUid: response.searchUid ?? '',
    pipeline: response.pipeline ?? '',
    durationMs: duration ?? 0,
    results: error ? [] : resultViews(controllers, state),
    facets,
    ...(error ? {} : { categoryNames: namesFor(locale, facets, state) }),
    ...extrasView(controllers, state, outcome, Boolean(error)),
    ...(error ? { error } : {}),
  };
}

/** One search page's search: plan it, build the engine and its controllers, restore the URL, run, read. */
async function executeSearch(job: SearchJob): Promise<SearchView> {
  const plan = planSearch(job.state, job.context);
  const { engine, unfoldedCount } = pageEngine(job);
  const controllers = buildPageControllers(engine, plan, job.state);
  restoreParameters(engine, plan, controllers, job.state, job.locale);
  const outcome = await runQuery(engine, controllers, job.state);
  return searchViewOf(engine, controllers, job, outcome, unfoldedCount());
}
