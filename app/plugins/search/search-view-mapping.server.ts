import type { FoldedResult, Result, SearchEngine } from '@coveo/headless';
import { FOLDED_COLLECTION_RESULTS, FOLDED_RESULTS, FOLDING_FIELDS } from '~/lib/search-constants.ts';
import { sanitizeRichText } from '~/cms/rich-text.server.ts';
import { LANGUAGES, SITE_LANGUAGES } from '~/cms/language.ts';
import { categoryNames } from '../catalogue/taxonomy.server.ts';
import type { SearchUrlState } from './url-state.ts';
import type { FacetView, FoldedResultView, ResultView, SearchView } from './search-view.ts';
import { RESULT_FIELDS, type PageControllers, type PlannedFacet, type SearchJob } from './search-plan.server.ts';
import type { QueryOutcome } from './search-run.server.ts';
import { queryValueViews, searchedValues } from './query-values.ts';

/** The engine's state after a search as the page's plain view model (search-view.ts): results, folded children, facets, notices. */
function scalar(value: unknown): string | number | boolean | null {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.join(', ');
  return null;
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
function sortHead(members: Result[], sort: SearchUrlState['sort'], matched: ReadonlySet<string>): Result {
  // The head is one the search matched: a root it did not match (a 1 A part when the query asked
  // for 10 A, decision 0163) is the series' context, not the answer; by relevance a root that matched stays on top.
  const found = members.filter((member) => matched.has(member.uniqueId));
  const pool = found.length ? found : members;
  if (sort === 'newest') return pool.reduce((best, member) => (Number(member.raw.date ?? -Infinity) > Number(best.raw.date ?? -Infinity) ? member : best));
  if (sort === 'partnumber') return pool.reduce((best, member) => (partNumberOrder.compare(String(member.raw.partnumber ?? '\uffff'), String(best.raw.partnumber ?? '\uffff')) < 0 ? member : best));
  return pool[0]!;
}

/** The results the search matched: each ranked result and the results folded with it, not the parents Headless adds. */
function matchedIds(engine: SearchEngine): Set<string> {
  // Headless keeps the answer's results as sent; its Result type leaves out their childResults.
  const results = engine.state.search.results as Array<Result & { childResults?: Result[] }>;
  return new Set(results.flatMap((result) => [result.uniqueId, ...(result.childResults ?? []).map((child) => child.uniqueId)]));
}

function resultViews(controllers: PageControllers, state: SearchUrlState, matched: ReadonlySet<string>): FoldedResultView[] {
  return controllers.folded.state.results.map((collection) => {
    const collectionId = String(collection.result.raw[FOLDING_FIELDS.collection] ?? '');
    const members = [collection.result, ...descendants(collection)];
    const head = sortHead(members, state.sort, matched);
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
export function searchViewOf(engine: SearchEngine, controllers: PageControllers, job: SearchJob, outcome: QueryOutcome, unfoldedCount: number): SearchView {
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
    results: error ? [] : resultViews(controllers, state, matchedIds(engine)),
    facets,
    ...(error ? {} : { categoryNames: namesFor(locale, facets, state) }),
    ...(searchedValues(state, locale).values.length ? { values: queryValueViews(searchedValues(state, locale), locale) } : {}),
    ...extrasView(controllers, state, outcome, Boolean(error)),
    ...(error ? { error } : {}),
  };
}
