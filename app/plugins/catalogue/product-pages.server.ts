import { searchReturnFor } from '../search/search-return.server.ts';
import type { AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { loadProductRecommendations } from '../search/recommendations.server.ts';
import { allOf, fieldIs, fieldIsNot } from '~/search-api/query-expression.server.ts';
import { searchCatalogue } from './search-api.server.ts';
import { categoriesOf, categoryTree, levelNames, parametersOfType, type CategoryNode, type ParameterInfo } from './taxonomy.server.ts';
import type { CatalogueView, PartCompliance, PartSummary, PartView } from './view-types.ts';
import { PRODUCT, crumbsFor, notFound, pageLevels, partOf } from './catalogue-reads.server.ts';
import { partOffer } from './part-offer.server.ts';

export async function landing(language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CatalogueView> {
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

export async function seriesPage(nodes: CategoryNode[], seriesSlug: string, path: string, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CatalogueView> {
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

/** The header box opened this part for a query (decision 0160): a link back to its results. */
async function backToResults(request: Request, language: SiteLanguage, href: string): Promise<Pick<PartView, 'backToResults'>> {
  const q = await searchReturnFor(request, href);
  return q ? { backToResults: { q, href: `${localizedPath(language, '/searchresult')}?${new URLSearchParams({ q }).toString()}` } } : {};
}

export async function partPage(path: string, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<PartView> {
  const locale = LANGUAGES[language].tag;
  const result = await searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('clickableuri', path)), numberOfResults: 1, locale }, request);
  const hit = result.results[0];
  if (!hit) notFound();
  const raw = hit.raw;
  const part = partOf(hit, language);
  const levels = { l1: String(raw.levelonecategory ?? ''), l2: String(raw.leveltwocategory ?? ''), l3: String(raw.levelthreecategory ?? '') };
  const nodes = categoriesOf(levels, language);
  const datasheet = String(raw.datasheeturl ?? '');
  const successorNumber = typeof raw.successor === 'string' ? raw.successor : '';
  const [siblings, documents, frequentViewed, similar, offer, sheet, successor] = await Promise.all([
    searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('series', part.series), fieldIsNot('partnumber', part.partNumber)), numberOfResults: 12, sortCriteria: `@${nodes.at(-1)?.primary ?? 'partnumber'} ascending`, locale }),
    searchCatalogue(context, { aq: allOf(fieldIs('objecttype', 'Document'), fieldIs('series', part.series)), numberOfResults: 10, sortCriteria: 'date descending', locale }),
    // Extras: each list says when it failed; the page around it stays whole.
    loadProductRecommendations(context, { kind: 'frequentViewed', skus: [part.partNumber], locale }),
    loadProductRecommendations(context, { kind: 'similar', skus: [part.partNumber], locale }),
    partOffer(context, part.partNumber, language),
    datasheet ? searchCatalogue(context, { aq: allOf(fieldIs('objecttype', 'Document'), fieldIs('clickableuri', datasheet)), numberOfResults: 1, locale }) : undefined,
    // The part that replaces one not for new designs: its page, to link.
    successorNumber ? searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('partnumber', successorNumber)), numberOfResults: 1, locale }) : Promise.resolve({ results: [] }),
  ]);
  const sheetFields = sheet?.results[0]?.raw;
  const names = levelNames(language);
  const seriesPath = String(raw.serieslink ?? '');
  return {
    kind: 'part',
    pageTitle: `${part.partNumber} – ${part.description}`,
    crumbs: [...crumbsFor(nodes, language), { name: part.series, href: part.seriesHref }, { name: part.partNumber, href: part.href }],
    part,
    seriesDescription: String(raw.seriesshortdescription ?? ''),
    datasheet,
    ...(sheetFields?.revision ? { datasheetRevision: { revision: String(sheetFields.revision), date: new Date(Number(sheetFields.datemodified) || 0).toISOString().slice(0, 10) } } : {}),
    ...(offer ? { offer } : {}),
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
    compliance: complianceOf(raw, successor.results[0] ? partOf(successor.results[0], language).href : undefined),
    seriesPath: localizedPath(language, seriesPath),
    recommendations: [frequentViewed, similar],
    ...(frequentViewed.status === 'error' || similar.status === 'error' || offer?.status === 'unavailable' ? { transient: true } : {}),
    pageLevels: pageLevels([levels.l1, levels.l2, levels.l3, String(raw.levelfourcategory ?? ''), String(raw.levelfivecategory ?? ''), part.series, String(raw.seriesvariant ?? ''), part.partNumber]),
    ...(await backToResults(request, language, part.href)),
  };
}

const LIFECYCLES = new Set(['active', 'nrnd', 'obsolete']);

/** Lifecycle and compliance as indexed (docs/decisions/0170); the successor linked to its own page when the catalogue has it. */
function complianceOf(raw: Record<string, unknown>, successorHref: string | undefined): PartCompliance {
  const lifecycle = typeof raw.lifecycle === 'string' && LIFECYCLES.has(raw.lifecycle) ? (raw.lifecycle as PartCompliance['lifecycle']) : 'active';
  const flags: Pick<PartCompliance, 'rohs' | 'reach' | 'halogenfree'> = {};
  for (const field of ['rohs', 'reach', 'halogenfree'] as const) {
    const value = raw[field];
    if (typeof value === 'boolean') flags[field] = value;
  }
  const successor = typeof raw.successor === 'string' && raw.successor ? raw.successor : undefined;
  return {
    lifecycle,
    ...(successor ? { successor: { partNumber: successor, ...(successorHref ? { href: successorHref } : {}) } } : {}),
    ...flags,
    ...(typeof raw.aecq === 'string' && raw.aecq ? { aecq: raw.aecq } : {}),
  };
}

/** REQ-PORT-5: the component-model service takes the catalogue number; the model and its icon are plain URLs. */
function cadModelLinks(context: AppLoadContext, catalogueNumber: string) {
  const base = context.config.cadModels.apiUrl;
  const number = encodeURIComponent(catalogueNumber);
  return {
    model: `${base}/models/${number}`,
    icon: `${base}/icons/${number}.svg`,
    footprint: `${base}/models/${number}.kicad_mod`,
    symbol: `${base}/models/${number}.kicad_sym`,
    archive: `${base}/models/${number}.zip`,
  };
}
