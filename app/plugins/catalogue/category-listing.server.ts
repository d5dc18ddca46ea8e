import type { AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { RANGE_MESSAGE } from '~/lib/search-rules.ts';
import { parseQuantity, type QuantityError } from '~/lib/units.ts';
import { indexLetterOf } from '../content/alphabet.ts';
import { allOf, fieldCompares, fieldIsTrue, fieldMatches, type Clause } from '~/search-api/query-expression.server.ts';
import { searchCatalogue, type NumericFacetRequest, type SearchApiResponse, type SpecificFacetRequest } from './search-api.server.ts';
import { contentLanguage, levelNames, type CategoryNode, type ParameterInfo } from './taxonomy.server.ts';
import { listingParamProblems, parseListingUrl } from './listing-url.server.ts';
import { COMPLIANCE_FLAGS, MAX_REACHABLE, VALUE_FILTERS, type ListingState, type ValueFilter } from './url-state.ts';
import { packageName } from '@voltaris/catalogue/package-names';
import type { CatalogueView, FacetGroup } from './view-types.ts';
import { PRODUCT, categoryAq, crumbsFor, pageLevels, partOf } from './catalogue-reads.server.ts';

interface RangeProblem {
  input: string;
  message?: string;
  code?: 'rangeOrder' | 'badParameter' | QuantityError;
  values?: Record<string, string>;
}

/** Range inputs to aq expressions; each input that does not parse gets its message (in the visitor's language). */
function rangeFilters(state: ListingState, parameters: ParameterInfo[], language: SiteLanguage) {
  const clauses: Clause[] = [];
  const problems: RangeProblem[] = [];
  for (const parameter of parameters) {
    const range = state.ranges[parameter.field];
    if (!range) continue;
    const bound = (which: 'min' | 'max') => {
      const typed = range[which];
      if (!typed) return undefined;
      const parsed = parseQuantity(typed, parameter.unit, language);
      if (parsed.ok) return parsed.value;
      problems.push({ input: `${which}_${parameter.field}`, code: parsed.error, values: parsed.values });
      return undefined;
    };
    const min = bound('min');
    const max = bound('max');
    if (min !== undefined && max !== undefined && min > max) {
      // REQ-VALID-8: the start of a numeric range must not exceed its end.
      problems.push({ input: `max_${parameter.field}`, code: 'rangeOrder', message: RANGE_MESSAGE });
      continue;
    }
    if (min !== undefined) clauses.push(fieldCompares(parameter.field, 'greaterThanOrEqual', min));
    if (max !== undefined) clauses.push(fieldCompares(parameter.field, 'lowerThanOrEqual', max));
  }
  return { clauses, problems };
}

function letterClause(letter: ListingState['index']): Clause | undefined {
  if (letter === 'All') return undefined;
  if (letter === '#') return fieldMatches('series', [...'0123456789'].map((d) => `${d}*`));
  return fieldMatches('series', `${letter}*`);
}

const FACET_SIZES: Record<ValueFilter, number> = { package: 30, fusespeed: 10, polarity: 5, contactform: 10, mounting: 10, grade: 10, lifecycle: 5, aecq: 5, approval: 20, series: 400 };

/** A parameter's bounds facet: automatic ranges are asked for only for the answer's `domain`. */
const boundsFacet = (parameter: ParameterInfo): NumericFacetRequest => ({ type: 'numericalRange', facetId: `bounds_${parameter.field}`, field: parameter.field, numberOfValues: 1, generateAutomaticRanges: true, currentValues: [] });

/**
 * The listing's own bounds: each parameter's smallest and largest value among the category's parts
 * (the facet's domain), so hints and slider ends are what the list holds, not the taxonomy's
 * design range (docs/decisions/0176). A parameter no part has keeps the taxonomy's.
 */
function withBounds(parameters: ParameterInfo[], answer: SearchApiResponse): ParameterInfo[] {
  return parameters.map((parameter) => {
    const domain = answer.facets.find((facet) => facet.facetId === `bounds_${parameter.field}`)?.domain;
    const { start, end } = domain ?? {};
    if (typeof start !== 'number' || typeof end !== 'number' || !(end >= start)) return parameter;
    // A log slider needs a positive start; a single value still needs a span to slide over.
    if (parameter.log && !(start > 0)) return parameter;
    return { ...parameter, min: start, max: end };
  });
}

export async function listing(nodes: CategoryNode[], url: URL, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CatalogueView> {
  const node = nodes.at(-1)!;
  const state = parseListingUrl(url.searchParams);
  const definitions = node.parameters;
  const { clauses, problems } = rangeFilters(state, definitions, language);
  const compliance = state.compliance.map((flag) => fieldIsTrue(flag));
  const unlettered = [PRODUCT, categoryAq(nodes), ...clauses, ...compliance, state.stock && fieldIsTrue('checkstock'), state.sample && fieldIsTrue('isparteligibleforsample')] as const;
  const letter = letterClause(state.index);
  const filters = allOf(...unlettered, letter);
  const sortable = new Set(['partnumber', ...definitions.map((p) => p.field)]);
  const sortField = state.sort && sortable.has(state.sort) ? state.sort : (node.primary ?? 'partnumber');
  // A parameter the listing cannot show as asked is named (400), never replaced by a default unseen.
  for (const { input, value } of listingParamProblems(url.searchParams)) problems.push({ input, code: 'badParameter', values: { value } });
  if (state.sort && !sortable.has(state.sort)) problems.push({ input: 'sort', code: 'badParameter', values: { value: state.sort } });
  for (const value of url.searchParams.getAll('compliance')) {
    if (!(COMPLIANCE_FLAGS as readonly string[]).includes(value)) problems.push({ input: 'compliance', code: 'badParameter', values: { value: value.slice(0, 100) } });
  }
  const facets: SpecificFacetRequest[] = (Object.keys(VALUE_FILTERS) as ValueFilter[]).map((key) => ({
    type: 'specific',
    facetId: key,
    field: VALUE_FILTERS[key],
    numberOfValues: FACET_SIZES[key],
    sortCriteria: 'alphanumeric',
    currentValues: state.values[key].map((value) => ({ value, state: 'selected' as const })),
  }));
  // REQ-SEARCH-4: the Search API pages through 5000 results at most; a page past them, or past the
  // last, asks for no results and the page names the page asked and the last one.
  const reachablePages = Math.floor(MAX_REACHABLE / state.size);
  const firstResult = (state.page - 1) * state.size;
  const seriesFacet = facets.find((facet) => facet.facetId === 'series')!;
  const childFacets: SpecificFacetRequest[] = node.level < 3 ? [{ type: 'specific', facetId: 'children', field: node.level === 1 ? 'leveltwocategory' : 'levelthreecategory', numberOfValues: 50, currentValues: [] }] : [];
  const [results, whole, unletteredCounts] = await Promise.all([
    searchCatalogue(context, { aq: filters, numberOfResults: state.page > reachablePages ? 0 : state.size, firstResult: Math.min(firstResult, MAX_REACHABLE - state.size), sortCriteria: `@${sortField} ${state.dir === 'desc' ? 'descending' : 'ascending'}`, facets, locale: LANGUAGES[language].tag }, request),
    // The category as a whole, under no filter: its child categories' part counts (a tree, not a
    // filter) and each parameter's bounds.
    searchCatalogue(context, { aq: allOf(PRODUCT, categoryAq(nodes)), numberOfResults: 0, facets: [...childFacets, ...definitions.map(boundsFacet)], locale: LANGUAGES[language].tag }, request),
    // The series index marks the letters with no series under the other filters: with a letter
    // chosen, the results' own series facet holds that letter's only.
    letter ? searchCatalogue(context, { aq: allOf(...unlettered), numberOfResults: 0, facets: [seriesFacet], locale: LANGUAGES[language].tag }, request) : Promise.resolve(undefined),
  ]);
  const seriesLetters = [...new Set(((unletteredCounts ?? results).facets.find((f) => f.facetId === 'series')?.values ?? []).map((v) => indexLetterOf(v.value)))];
  const childCounts = new Map((whole.facets.find((f) => f.facetId === 'children')?.values ?? []).map((v) => [v.value, v.numberOfResults]));
  const parameters = withBounds(definitions, whole);
  // Every count is the number of parts; only paging stops at the reachable 5000.
  const lastPage = Math.max(1, Math.min(Math.ceil(results.totalCount / state.size), reachablePages));
  const names = levelNames(language);
  // A package as the page's language writes it ("Scheibe 20 mm"); L4/L5 names from the taxonomy.
  const displayOf = (key: ValueFilter, value: string) => (key === 'package' ? packageName(value)[contentLanguage(language)] : ((Object.hasOwn(names, value) ? names[value] : undefined) ?? value));
  const facetGroups: FacetGroup[] = (Object.keys(VALUE_FILTERS) as ValueFilter[]).map((key) => {
    const facet = results.facets.find((f) => f.facetId === key);
    let values = (facet?.values ?? []).map((v) => ({ value: v.value, display: displayOf(key, v.value), count: v.numberOfResults, selected: v.state === 'selected' }));
    if (key === 'series' && state.index !== 'All') values = values.filter((v) => v.selected || matchesLetter(v.value, state.index));
    return { key, values };
  });
  return {
    kind: 'category',
    pageTitle: [...nodes].reverse().map((n) => n.name).join(' – '),
    crumbs: crumbsFor(nodes, language),
    name: node.name,
    level: node.level,
    path: localizedPath(language, node.path),
    children: node.children.map((child) => ({ name: child.name, href: localizedPath(language, child.path), count: childCounts.get(child.indexName) ?? 0 })),
    parameters,
    state: { ...state, sort: sortField },
    problems,
    facets: facetGroups,
    seriesLetters,
    products: state.page > lastPage ? [] : results.results.map((result) => partOf(result, language)),
    total: results.totalCount,
    lastPage,
    pageLevels: pageLevels(nodes.map((n) => n.indexName)),
  };
}

function matchesLetter(value: string, letter: ListingState['index']): boolean {
  const first = value.charAt(0).toUpperCase();
  return letter === '#' ? /[0-9]/.test(first) : first === letter;
}
