import { buildCategoryFacet, buildDateFacet, buildDidYouMean, buildExecuteTrigger, buildFacet, buildNotifyTrigger, buildNumericFacet, buildPager, buildQueryTrigger, buildRedirectionTrigger, buildFoldedResultList, buildResultsPerPage, buildSearchBox, buildSearchParameterManager, buildSmartSnippet, buildSmartSnippetQuestionsList, buildSort, buildStaticFilter, buildStaticFilterValue, buildTab, loadAdvancedSearchQueryActions, type SearchEngine, type SearchParameters } from '@coveo/headless';
import type { AppLoadContext } from '@remix-run/node';
import { FOLDED_RESULTS, FOLDING_FIELDS } from '~/lib/search-constants.ts';
import type { SearchIdentity } from '~/auth/search-token.server.ts';
import { registry } from '../registry.ts';
import type { SearchFacetDefinition, SearchSectionDefinition } from './definitions.ts';
import { pageLanguageFilter } from './language-filter.ts';
import { isValidRange, SORTS, type SearchUrlState } from './url-state.ts';
import type { FrozenFacet } from './facet-freeze.server.ts';
import { searchedValues, withValueFilter } from './query-values.ts';

/** A search page's Headless controllers, planned from the URL state (tab, scope, facets, sort, page) and restored into the engine. */
export const RESULT_FIELDS = [
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

export interface SearchJob {
  identity: SearchIdentity;
  state: SearchUrlState;
  frozen?: FrozenFacet;
  locale: string;
  request: Request;
  context: AppLoadContext;
}

/** What a URL state searches: the tab, the scope that narrows it, and the facets shown. */
interface SearchPlan {
  tab: SearchSectionDefinition;
  scope?: SearchSectionDefinition;
  facets: SearchFacetDefinition[];
}

export function planSearch(state: SearchUrlState, context: AppLoadContext): SearchPlan {
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

type FacetController = ReturnType<typeof buildFacet> | ReturnType<typeof buildCategoryFacet> | ReturnType<typeof buildDateFacet> | ReturnType<typeof buildNumericFacet>;

export interface PlannedFacet {
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
export function buildPageControllers(engine: SearchEngine, plan: SearchPlan, state: SearchUrlState) {
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

export type PageControllers = ReturnType<typeof buildPageControllers>;

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
export function restoreParameters(engine: SearchEngine, plan: SearchPlan, controllers: PageControllers, state: SearchUrlState, locale: string): void {
  // Values with units read out of the query narrow it as ranges instead of words (decision 0163).
  const reading = searchedValues(state, locale);
  const parameters: SearchParameters = {
    ...(reading.text ? { q: reading.text } : {}),
    // The page's language, the same for every sort, page, tab and scope (docs/decisions/0080).
    aq: withValueFilter(pageLanguageFilter(locale), reading),
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
