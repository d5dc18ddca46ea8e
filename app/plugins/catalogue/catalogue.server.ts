import { data, type AppLoadContext } from '@remix-run/node';
import { normalizePartNumber, readPartNumber, type PartNumberReading } from '@voltaris/catalogue/part-numbers';
import { PRODUCT_TYPES } from '@voltaris/catalogue/taxonomy';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { newErrorId } from '~/lib/error-id.ts';
import { partNumberSchema, RANGE_MESSAGE } from '~/lib/search-rules.ts';
import { parseQuantity, type QuantityError } from '~/lib/units.ts';
import { indexLetterOf } from '../content/alphabet.ts';
import { loadProductRecommendations } from '../search/recommendations.server.ts';
import { allOf, fieldCompares, fieldIs, fieldIsNot, fieldIsTrue, fieldMatches, type Clause } from '~/search-api/query-expression.server.ts';
import { CatalogueUnavailableError, searchCatalogue, type SearchApiResponse, type SearchApiResult, type SpecificFacetRequest } from './search-api.server.ts';
import {
  categoriesOf,
  categoryTree,
  levelNames,
  parameterByField,
  parametersOfType,
  resolveCategories,
  type CategoryNode,
  type ParameterInfo,
} from './taxonomy.server.ts';
import { parseListingUrl } from './listing-url.server.ts';
import { MAX_COMPARE, MAX_REACHABLE, parseCompareParts, VALUE_FILTERS, type ListingState, type ValueFilter } from './url-state.ts';
import type {
  CatalogueView,
  CompareView,
  Crumb,
  CrossReferenceMatch,
  CrossReferenceView,
  FacetGroup,
  PartSummary,
  PartView,
  PageLevels,
} from './view-types.ts';

/**
 * Builds what each catalogue page shows from the request path and query, through the Search API:
 * /products/ (the tree), /products/<l1>[/<l2>[/<l3>]] (parametric listing), .../<series> (L6),
 * .../<series>/<part> (L7), /products/compare, /products/cross-reference.
 */

const PRODUCT = fieldIs('objecttype', 'Product');

function notFound(): never {
  throw data({ errorId: newErrorId() }, { status: 404 });
}

function partOf(result: SearchApiResult, language: SiteLanguage): PartSummary {
  const raw = result.raw;
  const values: Record<string, number> = {};
  for (const [field, value] of Object.entries(raw)) if (typeof value === 'number' && field !== 'date' && field !== 'size') values[field] = value;
  const str = (field: string) => (typeof raw[field] === 'string' ? (raw[field] as string) : '');
  return {
    partNumber: str('partnumber') || result.title,
    href: localizedPath(language, str('clickableuri') || result.clickUri),
    series: str('series'),
    seriesHref: localizedPath(language, str('serieslink')),
    description: str('shortdescription'),
    inStock: raw.checkstock === true,
    sample: raw.isparteligibleforsample === true,
    l2: str('leveltwocategory'),
    package: str('package'),
    packageDisplay: str('packagedisplayname') || str('package'),
    values,
  };
}

/** The levels below "Products" (the component names the root in the visitor's language). */
function crumbsFor(nodes: CategoryNode[], language: SiteLanguage): Crumb[] {
  return [...nodes.map((node) => ({ name: node.name, href: localizedPath(language, node.path) }))];
}

function categoryAq(nodes: CategoryNode[]): string {
  const fields = ['levelonecategory', 'leveltwocategory', 'levelthreecategory'];
  return allOf(...nodes.map((node, i) => fieldIs(fields[i]!, node.indexName)));
}

interface RangeProblem {
  input: string;
  message?: string;
  code?: 'rangeOrder' | QuantityError;
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

const FACET_SIZES: Record<ValueFilter, number> = { mounting: 10, grade: 10, approval: 20, series: 400 };

async function listing(nodes: CategoryNode[], url: URL, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CatalogueView> {
  const node = nodes.at(-1)!;
  const state = parseListingUrl(url.searchParams);
  const parameters = node.parameters;
  const { clauses, problems } = rangeFilters(state, parameters, language);
  const unlettered = [PRODUCT, categoryAq(nodes), ...clauses, state.stock && fieldIsTrue('checkstock'), state.sample && fieldIsTrue('isparteligibleforsample')] as const;
  const letter = letterClause(state.index);
  const filters = allOf(...unlettered, letter);
  const sortable = new Set(['partnumber', ...parameters.map((p) => p.field)]);
  const sortField = state.sort && sortable.has(state.sort) ? state.sort : (node.primary ?? 'partnumber');
  const facets: SpecificFacetRequest[] = (Object.keys(VALUE_FILTERS) as ValueFilter[]).map((key) => ({
    type: 'specific',
    facetId: key,
    field: VALUE_FILTERS[key],
    numberOfValues: FACET_SIZES[key],
    sortCriteria: 'alphanumeric',
    currentValues: state.values[key].map((value) => ({ value, state: 'selected' as const })),
  }));
  const firstResult = Math.min((state.page - 1) * state.size, MAX_REACHABLE - state.size);
  const seriesFacet = facets.find((facet) => facet.facetId === 'series')!;
  const [results, counts, unletteredCounts] = await Promise.all([
    searchCatalogue(context, { aq: filters, numberOfResults: state.size, firstResult, sortCriteria: `@${sortField} ${state.dir === 'desc' ? 'descending' : 'ascending'}`, facets, locale: LANGUAGES[language].tag }, request),
    // Part counts of the child categories, under the same category only (a tree, not a filter).
    node.level < 3
      ? searchCatalogue(context, { aq: allOf(PRODUCT, categoryAq(nodes)), numberOfResults: 0, facets: [{ type: 'specific', facetId: 'children', field: node.level === 1 ? 'leveltwocategory' : 'levelthreecategory', numberOfValues: 50, currentValues: [] }], locale: LANGUAGES[language].tag }, request)
      : Promise.resolve(undefined),
    // The series index marks the letters with no series under the other filters: with a letter
    // chosen, the results' own series facet holds that letter's only.
    letter ? searchCatalogue(context, { aq: allOf(...unlettered), numberOfResults: 0, facets: [seriesFacet], locale: LANGUAGES[language].tag }, request) : Promise.resolve(undefined),
  ]);
  const seriesLetters = [...new Set(((unletteredCounts ?? results).facets.find((f) => f.facetId === 'series')?.values ?? []).map((v) => indexLetterOf(v.value)))];
  const childCounts = new Map((counts?.facets[0]?.values ?? []).map((v) => [v.value, v.numberOfResults]));
  const names = levelNames(language);
  const facetGroups: FacetGroup[] = (Object.keys(VALUE_FILTERS) as ValueFilter[]).map((key) => {
    const facet = results.facets.find((f) => f.facetId === key);
    let values = (facet?.values ?? []).map((v) => ({ value: v.value, display: (Object.hasOwn(names, v.value) ? names[v.value] : undefined) ?? v.value, count: v.numberOfResults, selected: v.state === 'selected' }));
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
    products: results.results.map((result) => partOf(result, language)),
    total: Math.min(results.totalCount, MAX_REACHABLE),
    pageLevels: pageLevels(nodes.map((n) => n.indexName)),
  };
}

function matchesLetter(value: string, letter: ListingState['index']): boolean {
  const first = value.charAt(0).toUpperCase();
  return letter === '#' ? /[0-9]/.test(first) : first === letter;
}

/** REQ-ANALYTICS-1 page-view analytics: L1 to L6, L6.5 and L7; a missing level is 'not provided'. */
function pageLevels(levels: Array<string | undefined>): PageLevels {
  const names = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L6.5', 'L7'] as const;
  return Object.fromEntries(names.map((name, i) => [name, levels[i] || 'not provided'])) as PageLevels;
}

async function landing(language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CatalogueView> {
  const counts = await searchCatalogue(context, { aq: allOf(PRODUCT), numberOfResults: 0, facets: [{ type: 'specific', facetId: 'l2', field: 'leveltwocategory', numberOfValues: 50, currentValues: [] }], locale: LANGUAGES[language].tag }, request);
  const byName = new Map((counts.facets[0]?.values ?? []).map((v) => [v.value, v.numberOfResults]));
  return {
    kind: 'landing',
    total: counts.totalCount,
    tree: categoryTree(language).map((l1) => ({
      name: l1.name,
      href: localizedPath(language, l1.path),
      children: l1.children.map((l2) => ({
        name: l2.name,
        href: localizedPath(language, l2.path),
        count: byName.get(l2.indexName) ?? 0,
        children: l2.children.map((l3) => ({ name: l3.name, href: localizedPath(language, l3.path) })),
      })),
    })),
  };
}

function ranges(parts: PartSummary[], parameters: ParameterInfo[]) {
  return parameters.map((parameter) => {
    const values = parts.map((part) => part.values[parameter.field]).filter((v): v is number => typeof v === 'number');
    return { field: parameter.field, min: values.length ? Math.min(...values) : null, max: values.length ? Math.max(...values) : null };
  });
}

async function seriesPage(nodes: CategoryNode[], seriesSlug: string, path: string, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CatalogueView> {
  const result = await searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('serieslink', path)), numberOfResults: 200, sortCriteria: `@${nodes.at(-1)!.primary ?? 'partnumber'} ascending`, locale: LANGUAGES[language].tag }, request);
  const first = result.results[0];
  if (!first) notFound();
  const parts = result.results.map((r) => partOf(r, language));
  const parameters = parametersOfType(String(first.raw.leveltwocategory), language);
  const raw = first.raw;
  const series = String(raw.series ?? seriesSlug.toUpperCase());
  return {
    kind: 'series',
    pageTitle: `${series} – ${nodes.at(-1)?.name ?? ''}`,
    crumbs: [...crumbsFor(nodes, language), { name: series, href: localizedPath(language, path) }],
    series,
    description: String(raw.seriesshortdescription ?? ''),
    datasheet: String(raw.datasheeturl ?? ''),
    image: String(raw.productimageurl ?? ''),
    approvals: Array.isArray(raw.agencyapprovals) ? raw.agencyapprovals.map(String) : [],
    levels: { mounting: levelNames(language)[String(raw.levelfourcategory)] ?? String(raw.levelfourcategory ?? ''), grade: levelNames(language)[String(raw.levelfivecategory)] ?? String(raw.levelfivecategory ?? '') },
    parameters,
    ranges: ranges(parts, parameters),
    parts,
    total: result.totalCount,
    pageLevels: pageLevels([...nodes.map((n) => n.indexName), String(raw.levelfourcategory ?? ''), String(raw.levelfivecategory ?? ''), series]),
  };
}

/** The index's document languages (assetlanguage) as `lang` tags. */
const DOCUMENT_LANGUAGE_TAGS: Record<string, string> = { English: 'en', German: 'de', Japanese: 'ja', Chinese: 'zh' };

async function partPage(path: string, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<PartView> {
  const locale = LANGUAGES[language].tag;
  const result = await searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('clickableuri', path)), numberOfResults: 1, locale }, request);
  const hit = result.results[0];
  if (!hit) notFound();
  const raw = hit.raw;
  const part = partOf(hit, language);
  const levels = { l1: String(raw.levelonecategory ?? ''), l2: String(raw.leveltwocategory ?? ''), l3: String(raw.levelthreecategory ?? '') };
  const nodes = categoriesOf(levels, language);
  const [siblings, documents, frequentViewed, similar] = await Promise.all([
    searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('series', part.series), fieldIsNot('partnumber', part.partNumber)), numberOfResults: 12, sortCriteria: `@${nodes.at(-1)?.primary ?? 'partnumber'} ascending`, locale }),
    searchCatalogue(context, { aq: allOf(fieldIs('objecttype', 'Document'), fieldIs('series', part.series)), numberOfResults: 10, sortCriteria: 'date descending', locale }),
    // Extras: each list says when it failed; the page around it stays whole.
    loadProductRecommendations(context, { kind: 'frequentViewed', skus: [part.partNumber], locale }),
    loadProductRecommendations(context, { kind: 'similar', skus: [part.partNumber], locale }),
  ]);
  const names = levelNames(language);
  const seriesPath = String(raw.serieslink ?? '');
  return {
    kind: 'part',
    pageTitle: `${part.partNumber} – ${part.description}`,
    crumbs: [...crumbsFor(nodes, language), { name: part.series, href: part.seriesHref }, { name: part.partNumber, href: part.href }],
    part,
    seriesDescription: String(raw.seriesshortdescription ?? ''),
    datasheet: String(raw.datasheeturl ?? ''),
    image: String(raw.productimageurl ?? ''),
    approvals: Array.isArray(raw.agencyapprovals) ? raw.agencyapprovals.map(String) : [],
    cadModel: raw.ecadmodels === true ? cadModelLinks(context, part.partNumber) : undefined,
    levels: { ...levels, l1Name: nodes[0]?.name ?? levels.l1, l2Name: nodes[1]?.name ?? levels.l2, l3Name: nodes[2]?.name ?? levels.l3, mounting: names[String(raw.levelfourcategory)] ?? '', grade: names[String(raw.levelfivecategory)] ?? '' },
    parameters: parametersOfType(levels.l2, language),
    siblings: siblings.results.map((r) => partOf(r, language)),
    documents: documents.results.map((doc) => {
      const tag = DOCUMENT_LANGUAGE_TAGS[String(doc.raw.assetlanguage ?? '')];
      return { title: doc.title, href: doc.clickUri, type: String(doc.raw.documenttypedisplayname ?? doc.raw.documenttype ?? ''), language: String(doc.raw.assetlanguage ?? ''), ...(tag ? { lang: tag } : {}) };
    }),
    product: {
      level: String(raw.productlevel ?? 'L7'),
      name: String(raw.productname ?? part.partNumber),
      marketingView: String(raw.marketingprodview ?? ''),
      package: String(raw.packagedisplayname ?? raw.package ?? ''),
      businessUnits: Array.isArray(raw.businessunits) ? raw.businessunits.map(String) : raw.businessunit ? [String(raw.businessunit)] : [],
    },
    seriesPath: localizedPath(language, seriesPath),
    recommendations: [frequentViewed, similar],
    ...(frequentViewed.status === 'error' || similar.status === 'error' ? { transient: true } : {}),
    pageLevels: pageLevels([levels.l1, levels.l2, levels.l3, String(raw.levelfourcategory ?? ''), String(raw.levelfivecategory ?? ''), part.series, String(raw.seriesvariant ?? ''), part.partNumber]),
  };
}

/** REQ-PORT-5: the component-model service takes the catalogue number; the model and its icon are plain URLs. */
function cadModelLinks(context: AppLoadContext, catalogueNumber: string) {
  const base = context.config.cadModels.apiUrl;
  const number = encodeURIComponent(catalogueNumber);
  return { model: `${base}/models/${number}`, icon: `${base}/icons/${number}.svg` };
}

async function fetchParts(partNumbers: string[], language: SiteLanguage, context: AppLoadContext, request: Request): Promise<PartSummary[]> {
  if (partNumbers.length === 0) return [];
  const result = await searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('partnumber', partNumbers)), numberOfResults: partNumbers.length, locale: LANGUAGES[language].tag }, request);
  const found = new Map(result.results.map((r) => [String(r.raw.partnumber ?? r.title).toUpperCase(), partOf(r, language)]));
  return partNumbers.map((pn) => found.get(pn)).filter((p): p is PartSummary => Boolean(p));
}

async function compare(url: URL, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CompareView> {
  const { parts: requested, dropped } = parseCompareParts(url.searchParams);
  const add = url.searchParams.get('add')?.normalize('NFKC').trim().toUpperCase() ?? '';
  let addProblem: string | undefined;
  let wanted = requested;
  if (add) {
    const valid = partNumberSchema.safeParse(add);
    if (!valid.success) addProblem = 'partNumberInvalid';
    else if (requested.includes(add)) wanted = requested;
    else if (requested.length >= MAX_COMPARE) addProblem = 'compareFull';
    else wanted = [...requested, add];
  }
  const parts = await fetchParts(wanted, language, context, request);
  if (add && !addProblem && !parts.some((p) => p.partNumber === add)) addProblem = 'unknownPart';
  const byField = parameterByField(language);
  const fields: string[] = [];
  for (const part of parts) for (const parameter of parametersOfType(part.l2, language)) if (!fields.includes(parameter.field)) fields.push(parameter.field);
  const rows = fields.map((field) => {
    const values = parts.map((part) => part.values[field] ?? null);
    const present = values.filter((v) => v !== null);
    return { parameter: byField.get(field)!, values, differs: new Set(values.map(String)).size > 1 || present.length !== values.length };
  });
  return {
    kind: 'compare',
    parts,
    missing: wanted.filter((pn) => !parts.some((p) => p.partNumber === pn) && pn !== add),
    rows,
    hideEqual: url.searchParams.get('equal') === 'hide',
    dropped,
    add: addProblem ? add : '',
    addProblem,
  };
}

/** A TVS diode number's direction: bidirectional parts carry C before the A (SMBJ15CA). */
const bidirectionalTvs = (partNumber: string) => /\dCA/.test(partNumber);

interface Candidate {
  part: PartSummary;
  reading: PartNumberReading;
  ours: boolean;
}

/**
 * How close one of our parts is to what a typed number says. A drop-in has the same product type,
 * the same rating and the same package (the typed number's, or its series' when the series is
 * ours), and for TVS diodes the same direction; anything else is similar, never a drop-in.
 */
function grade({ part, reading, ours }: Candidate) {
  const value = part.values[reading.field];
  const distance = value === undefined || value <= 0 ? Number.POSITIVE_INFINITY : Math.abs(Math.log(value / reading.value));
  const sameRating = distance < 0.005;
  const sameSeries = ours && part.series.toUpperCase() === reading.series;
  const samePackage = reading.packageName ? part.package === reading.packageName : sameSeries;
  const sameDirection = reading.typeKey !== 'tvs' || reading.bidirectional === bidirectionalTvs(part.partNumber);
  const dropIn = sameRating && samePackage && sameDirection;
  // Drop-ins first, then the same rating, the same package, the same series, then the nearest rating.
  const rank = (dropIn ? 0 : 8) + (sameRating ? 0 : 4) + (samePackage ? 0 : 2) + (sameSeries ? 0 : 1) + Math.min(distance, 50) / 100;
  return { dropIn, sameRating, samePackage, sameSeries, sameDirection, rank };
}

async function crossReference(url: URL, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CrossReferenceView> {
  const typed = (url.searchParams.get('part') ?? '').trim();
  const base = { kind: 'crossReference' as const, query: typed };
  if (!typed) return { ...base, matches: [] };
  const valid = partNumberSchema.safeParse(typed);
  if (!valid.success) return { ...base, matches: [], problem: 'partNumberInvalid' };
  const number = normalizePartNumber(valid.data);
  const locale = LANGUAGES[language].tag;
  const exact = await fetchParts([number], language, context, request);
  if (exact[0]) return { ...base, matches: [{ part: exact[0], grade: 'dropIn', reason: { code: 'same' } }] };

  // What the number says under each type's scheme (part-numbers.ts): ours or another maker's.
  const readings = readPartNumber(number).filter((reading) => TYPE_BY_KEY.has(reading.typeKey));
  if (readings.length === 0) return { ...base, matches: [] };
  const seriesNames = [...new Set(readings.map((reading) => reading.series))];
  const known = await searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('series', seriesNames)), numberOfResults: 0, facets: [{ type: 'specific', facetId: 'series', field: 'series', numberOfValues: seriesNames.length, currentValues: [] }], locale }, request);
  const ourSeries = new Set((known.facets[0]?.values ?? []).map((value) => value.value.toUpperCase()));
  // Readings through one of our series, else through a family whose package is known, else all.
  const tiers = [readings.filter((reading) => ourSeries.has(reading.series)), readings.filter((reading) => reading.packageName), readings];
  const chosen = (tiers.find((tier) => tier.length > 0) ?? []).slice(0, 4);
  const candidates: Candidate[] = [];
  await Promise.all(
    chosen.map(async (reading) => {
      const type = TYPE_BY_KEY.get(reading.typeKey)!;
      const ofType = allOf(PRODUCT, fieldIs('leveltwocategory', type.l2.en));
      const band = (low: number, high: number) => [fieldCompares(reading.field, 'greaterThanOrEqual', reading.value * low), fieldCompares(reading.field, 'lowerThanOrEqual', reading.value * high)];
      const ours = ourSeries.has(reading.series);
      // The same rating (every package), the same rating in the named package, the series itself, and the neighbourhood.
      const queries = [
        allOf(ofType, ...band(0.995, 1.005)),
        reading.packageName ? allOf(ofType, fieldIs('package', reading.packageName), ...band(0.995, 1.005)) : undefined,
        ours ? allOf(PRODUCT, fieldIs('series', reading.series)) : undefined,
        allOf(ofType, ...band(0.5, 2)),
      ].filter((aq): aq is string => aq !== undefined);
      const answers = await Promise.all(queries.map((aq) => searchCatalogue(context, { aq, numberOfResults: 200, locale }, request)));
      for (const answer of answers) for (const result of answer.results) candidates.push({ part: partOf(result, language), reading, ours });
    }),
  );
  const byField = parameterByField(language);
  // A package the typed number names, as the page's language writes it (any of our parts in it says how).
  const displayOf = new Map(candidates.map(({ part }) => [part.package ?? '', part.packageDisplay ?? part.package ?? '']));
  const graded = candidates.map((candidate) => ({ candidate, ...grade(candidate) })).sort((a, b) => a.rank - b.rank || a.candidate.part.partNumber.localeCompare(b.candidate.part.partNumber));
  const seen = new Set<string>();
  const matches: CrossReferenceMatch[] = [];
  for (const one of graded) {
    const { part, reading } = one.candidate;
    if (seen.has(part.partNumber) || matches.length >= 5) continue;
    seen.add(part.partNumber);
    const parameter = byField.get(reading.field);
    matches.push({
      part,
      grade: one.dropIn ? 'dropIn' : 'similar',
      reason: {
        code: one.sameSeries ? 'series' : 'category',
        name: one.sameSeries ? part.series : (categoryName(reading.typeKey, language) ?? part.l2),
        ...(parameter ? { parameter: parameter.label, unit: parameter.unit, wanted: reading.value, value: part.values[reading.field] ?? null } : {}),
        sameRating: one.sameRating,
        samePackage: one.samePackage,
        ...(part.packageDisplay ? { package: part.packageDisplay } : {}),
        ...(reading.packageName ? { wantedPackage: displayOf.get(reading.packageName) ?? reading.packageName } : {}),
        ...(one.sameDirection ? {} : { direction: bidirectionalTvs(part.partNumber) ? 'bidirectional' : 'unidirectional' }),
      },
    });
  }
  return { ...base, matches };
}

const TYPE_BY_KEY = new Map(PRODUCT_TYPES.map((type) => [type.key, type]));

function categoryName(typeKey: string, language: SiteLanguage): string | undefined {
  const type = TYPE_BY_KEY.get(typeKey);
  if (!type) return undefined;
  for (const l1 of categoryTree(language)) for (const node of l1.children) if (node.indexName === type.l2.en) return node.name;
  return undefined;
}

/** The catalogue view for a request under /products/ (item path without the language prefix). */
export async function loadCatalogueView(itemPath: string, request: Request, context: AppLoadContext, language: SiteLanguage): Promise<CatalogueView> {
  const url = new URL(request.url);
  const segments = itemPath.split('/').filter(Boolean).slice(1).map((s) => s.toLowerCase());
  try {
    if (segments.length === 0) return await landing(language, context, request);
    if (segments.length === 1 && segments[0] === 'compare') {
      const view = await compare(url, language, context, request);
      const parts = view.parts.map((part) => part.partNumber).join(', ');
      return { ...view, pageTitlePhrase: parts ? { key: 'catalogue.compareTitleParts', values: { parts } } : { key: 'catalogue.compareTitle' } };
    }
    if (segments.length === 1 && segments[0] === 'cross-reference') {
      const view = await crossReference(url, language, context, request);
      return { ...view, pageTitlePhrase: view.query && !view.problem ? { key: 'catalogue.crossReferenceFor', values: { part: view.query } } : { key: 'catalogue.crossReference' } };
    }
    if (segments.length <= 3) {
      const nodes = resolveCategories(segments, language);
      if (!nodes) notFound();
      return await listing(nodes, url, language, context, request);
    }
    const nodes = resolveCategories(segments.slice(0, 3), language);
    if (!nodes || segments.length > 5) notFound();
    const seriesPath = `/products/${segments.slice(0, 4).join('/')}`;
    if (segments.length === 4) return await seriesPage(nodes, segments[3]!, seriesPath, language, context, request);
    return await partPage(`${seriesPath}/${segments[4]}`, language, context, request);
  } catch (error) {
    if (error instanceof CatalogueUnavailableError) return { kind: 'unavailable', message: error.message };
    throw error;
  }
}

export type { SearchApiResponse };
