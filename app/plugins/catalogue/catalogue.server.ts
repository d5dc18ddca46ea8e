import { json, type AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { newErrorId } from '~/lib/error-id.ts';
import { SITE_PAGE_SIZES } from '~/lib/search-constants.ts';
import { formatQuantity, parseQuantity } from '~/lib/units.ts';
import { slug } from '../../../services/search/catalogue/generate.ts';
import { L1, PRODUCT_TYPES, type ContentLanguage, type ProductType } from '../../../services/search/catalogue/taxonomy.ts';
import { COMPARE_MAX, type CatalogueView, type CompareView, type ParameterColumn, type ProductRow } from './catalogue.ts';
import { PART_NUMBER_PATTERN } from '~/lib/search-rules.ts';

/**
 * The catalogue pages (issue 5): /products lists the technologies (L1) and product types (L2);
 * /products/{l1} its types; /products/{l1}/{l2} the parametric listing of a type's parts, with
 * unit-aware min/max filters, in-stock and sample toggles, sort and pages, all in the URL. The
 * product taxonomy (names in four languages, parameters and their SI units) is the catalogue's
 * reference data, shared with the embedded search service; products come from the Search API.
 */
const CONTENT_LANGUAGE: Record<SiteLanguage, ContentLanguage> = { en: 'en', de: 'de', 'ja-jp': 'ja', zh: 'zh' };
const TECHNOLOGIES = Object.values(L1);

function segmentsOf(request: Request): string[] {
  const parts = new URL(request.url).pathname.split('/').filter(Boolean);
  if (parts[0] === 'de' || parts[0] === 'ja-jp') parts.shift();
  return parts[0]?.toLowerCase() === 'products' ? parts.slice(1).map((part) => decodeURIComponent(part).toLowerCase()) : [];
}

const notFound = () => json({ errorId: newErrorId() }, { status: 404 });

async function countsByType(context: AppLoadContext): Promise<Map<string, number>> {
  const { search } = context.config;
  try {
    const response = await fetch(`${search.apiUrl}?organizationId=${encodeURIComponent(search.organizationId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${search.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cq: '@objecttype==Product', numberOfResults: 0, facets: [{ facetId: 'type', field: 'leveltwocategory', type: 'specific', numberOfValues: 100, currentValues: [] }] }),
      signal: AbortSignal.timeout(3000),
    });
    const body = (await response.json()) as { facets?: Array<{ values: Array<{ value: string; numberOfResults: number }> }> };
    return new Map((body.facets?.[0]?.values ?? []).map((value) => [value.value, value.numberOfResults]));
  } catch {
    return new Map();
  }
}

export async function catalogueLoader(request: Request, context: AppLoadContext, language: SiteLanguage): Promise<CatalogueView> {
  const lang = CONTENT_LANGUAGE[language];
  const path = (...parts: string[]) => localizedPath(language, ['/products', ...parts].join('/'));
  const [l1Slug, l2Slug, l3Slug, seriesSlug, partSlug, ...rest] = segmentsOf(request);
  if (rest.length || (l3Slug && !seriesSlug)) throw notFound();
  const home = { label: TECHNOLOGIES.length ? (lang === 'en' ? 'Products' : lang === 'de' ? 'Produkte' : lang === 'ja' ? '製品' : '产品') : '', href: path() };
  const counts = await countsByType(context);
  const typesOf = (technology: (typeof TECHNOLOGIES)[number]) => PRODUCT_TYPES.filter((type) => type.l1.en === technology.en);
  const typeLink = (type: ProductType) => ({ label: type.l2[lang], href: path(slug(type.l1.en), slug(type.l2.en)), count: counts.get(type.l2.en) ?? 0 });

  if (l1Slug === 'compare' && !l2Slug) {
    const label = lang === 'en' ? 'Compare parts' : lang === 'de' ? 'Teile vergleichen' : lang === 'ja' ? '部品を比較' : '比较零件';
    return { breadcrumb: [home, { label, href: path('compare') }], heading: label, categories: [], compare: await compare(request, context, language) };
  }
  if (!l1Slug) {
    return {
      breadcrumb: [home],
      heading: home.label,
      categories: TECHNOLOGIES.map((technology) => ({ label: technology[lang], href: path(slug(technology.en)), children: typesOf(technology).map(typeLink) })),
    };
  }
  const technology = TECHNOLOGIES.find((candidate) => slug(candidate.en) === l1Slug);
  if (!technology) throw notFound();
  const l1Link = { label: technology[lang], href: path(l1Slug) };
  if (!l2Slug) return { breadcrumb: [home, l1Link], heading: technology[lang], categories: typesOf(technology).map(typeLink) };
  const type = typesOf(technology).find((candidate) => slug(candidate.l2.en) === l2Slug);
  if (!type) throw notFound();
  const l2Link = { label: type.l2[lang], href: path(l1Slug, l2Slug) };
  if (!seriesSlug) return { breadcrumb: [home, l1Link, l2Link], heading: type.l2[lang], categories: [], listing: await listing(request, context, language, type) };

  // A series (L6) or one of its parts (L7): found by the address the catalogue gives them.
  const seriesPath = `/products/${l1Slug}/${l2Slug}/${l3Slug}/${seriesSlug}`;
  const lookup = await findByUri(context, partSlug ? `${seriesPath}/${partSlug}` : undefined, seriesPath);
  if (lookup === 'down') throw json({ errorId: newErrorId() }, { status: 503, headers: { 'Retry-After': '10' } });
  if (!lookup) throw notFound();
  const raw = lookup.raw;
  const seriesName = String(raw.series ?? seriesSlug);
  const seriesLink = { label: `${type.l2[lang]} ${seriesName}`, href: localizedPath(language, seriesPath) };
  const l3Label = String(raw.levelthreecategory ?? '');
  if (!partSlug) {
    return {
      breadcrumb: [home, l1Link, l2Link, { label: l3Label, href: path(l1Slug, l2Slug) }, seriesLink],
      heading: seriesLink.label,
      seriesDescription: String(raw.seriesshortdescription ?? ''),
      categories: [],
      listing: await listing(request, context, language, type, seriesName),
    };
  }
  const tag = LANGUAGES[language].tag;
  const partNumber = String(raw.partnumber ?? partSlug.toUpperCase());
  const siblings = await seriesParts(context, seriesName);
  const parameters = type.parameters.filter((parameter) => typeof raw[parameter.field] === 'number').map((parameter) => ({ label: parameter.label[lang], value: formatQuantity(raw[parameter.field] as number, parameter.unit, tag) }));
  const origin = new URL(request.url).origin;
  return {
    breadcrumb: [home, l1Link, l2Link, seriesLink, { label: partNumber, href: localizedPath(language, `${seriesPath}/${partSlug}`) }],
    heading: partNumber,
    categories: [],
    product: {
      partNumber,
      title: lookup.title,
      shortDescription: String(raw.shortdescription ?? ''),
      seriesDescription: String(raw.seriesshortdescription ?? ''),
      series: { name: seriesName, href: seriesLink.href },
      imageUrl: String(raw.productimageurl ?? ''),
      datasheetUrl: String(raw.datasheeturl ?? ''),
      inStock: raw.checkstock === true,
      sampleEligible: raw.isparteligibleforsample === true,
      hasEcadModel: raw.ecadmodels === true,
      approvals: Array.isArray(raw.agencyapprovals) ? raw.agencyapprovals.map(String) : [],
      parameters,
      seriesParts: siblings.filter((sibling) => sibling.partNumber !== partNumber).map((sibling) => ({ partNumber: sibling.partNumber, href: localizedPath(language, sibling.href) })),
      structuredData: JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: partNumber,
        sku: partNumber,
        mpn: partNumber,
        description: String(raw.shortdescription ?? ''),
        brand: { '@type': 'Brand', name: 'Voltaris Components' },
        category: [raw.levelonecategory, raw.leveltwocategory, raw.levelthreecategory].filter(Boolean).join(' > '),
        ...(raw.productimageurl ? { image: `${origin}${String(raw.productimageurl)}` } : {}),
        additionalProperty: parameters.map((parameter) => ({ '@type': 'PropertyValue', name: parameter.label, value: parameter.value })),
      }).replace(/</g, '\\u003c'),
    },
  };
}

async function searchProducts(context: AppLoadContext, body: Record<string, unknown>): Promise<Array<{ title: string; clickUri: string; raw: Record<string, unknown> }> | 'down'> {
  const { search } = context.config;
  try {
    const response = await fetch(`${search.apiUrl}?organizationId=${encodeURIComponent(search.organizationId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${search.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cq: '@objecttype==Product', ...body }),
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) return 'down';
    return ((await response.json()) as { results: Array<{ title: string; clickUri: string; raw: Record<string, unknown> }> }).results;
  } catch {
    return 'down';
  }
}

/** A part by its address, or (for a series page) any part of the series. */
async function findByUri(context: AppLoadContext, partPath: string | undefined, seriesPath: string) {
  const results = await searchProducts(context, { aq: partPath ? `@clickableuri=="${partPath}"` : `@serieslink=="${seriesPath}"`, numberOfResults: 1 });
  if (results === 'down') return 'down' as const;
  return results[0];
}

async function seriesParts(context: AppLoadContext, series: string): Promise<Array<{ partNumber: string; href: string }>> {
  const results = await searchProducts(context, { aq: `@series=="${series}"`, numberOfResults: 24, sortCriteria: '@partnumber ascending', fieldsToInclude: ['partnumber'] });
  return results === 'down' ? [] : results.map((result) => ({ partNumber: String(result.raw.partnumber ?? ''), href: result.clickUri }));
}

/** The multi-part view: parts from the URL (part=...), parameters side by side, differences marked. */
async function compare(request: Request, context: AppLoadContext, language: SiteLanguage): Promise<CompareView> {
  const lang = CONTENT_LANGUAGE[language];
  const tag = LANGUAGES[language].tag;
  const params = new URL(request.url).searchParams;
  const asked = [...new Set(params.getAll('part').flatMap((value) => value.split(',')).map((value) => value.trim().toUpperCase()).filter((value) => PART_NUMBER_PATTERN.test(value)))];
  const wanted = asked.slice(0, COMPARE_MAX);
  const results = wanted.length ? await searchProducts(context, { aq: `@partnumber==(${wanted.map((part) => `"${part}"`).join(',')})`, numberOfResults: COMPARE_MAX }) : [];
  const found = results === 'down' ? [] : results;
  const byPart = new Map(found.map((result) => [String(result.raw.partnumber).toUpperCase(), result]));
  const parts = wanted.filter((part) => byPart.has(part)).map((part) => byPart.get(part)!);
  // Rows: every parameter of the parts' product types, in taxonomy order.
  const types = parts.map((part) => PRODUCT_TYPES.find((type) => type.l2.en === part.raw.leveltwocategory));
  const definitions = [...new Map(types.flatMap((type) => type?.parameters ?? []).map((parameter) => [parameter.field, parameter])).values()];
  const text = (value: unknown) => (value === undefined || value === null || value === '' ? '—' : Array.isArray(value) ? value.join(', ') : String(value));
  const rows = [
    { label: lang === 'en' ? 'Series' : lang === 'de' ? 'Baureihe' : lang === 'ja' ? 'シリーズ' : '系列', values: parts.map((part) => text(part.raw.series)) },
    { label: lang === 'en' ? 'Product type' : lang === 'de' ? 'Produktart' : lang === 'ja' ? '製品タイプ' : '产品类型', values: types.map((type) => type?.l2[lang] ?? '—') },
    ...definitions.map((parameter) => ({
      label: `${parameter.label[lang]} (${parameter.unit})`,
      values: parts.map((part) => (typeof part.raw[parameter.field] === 'number' ? formatQuantity(part.raw[parameter.field] as number, parameter.unit, tag) : '—')),
    })),
    { label: lang === 'en' ? 'Approvals' : lang === 'de' ? 'Zulassungen' : lang === 'ja' ? '認証' : '认证', values: parts.map((part) => text(part.raw.agencyapprovals)) },
  ].map((row) => ({ ...row, differs: new Set(row.values).size > 1 }));
  const onlyDifferences = params.get('differences') === '1';
  return {
    parts: parts.map((part, index) => ({ partNumber: String(part.raw.partnumber), href: localizedPath(language, part.clickUri), type: types[index]?.l2[lang] ?? '' })),
    rows: onlyDifferences ? rows.filter((row) => row.differs) : rows,
    onlyDifferences,
    unknown: results === 'down' ? [] : wanted.filter((part) => !byPart.has(part)),
    tooMany: asked.length > COMPARE_MAX,
  };
}

async function listing(request: Request, context: AppLoadContext, language: SiteLanguage, type: ProductType, series?: string): Promise<NonNullable<CatalogueView['listing']>> {
  const lang = CONTENT_LANGUAGE[language];
  const tag = LANGUAGES[language].tag;
  const params = new URL(request.url).searchParams;
  const filters: string[] = [`@leveltwocategory=="${type.l2.en}"`, ...(series ? [`@series=="${series}"`] : [])];
  const parameters: ParameterColumn[] = type.parameters.map((parameter) => {
    const column: ParameterColumn = { field: parameter.field, label: parameter.label[lang], unit: parameter.unit, min: (params.get(`min.${parameter.field}`) ?? '').slice(0, 30), max: (params.get(`max.${parameter.field}`) ?? '').slice(0, 30) };
    const bounds = (['min', 'max'] as const).map((bound) => {
      const typed = column[bound];
      if (!typed.trim()) return undefined;
      const parsed = parseQuantity(typed, parameter.unit);
      if (!parsed.ok) column.error = parsed.message;
      return parsed.ok ? parsed.value : undefined;
    });
    if (!column.error) {
      if (bounds[0] !== undefined && bounds[1] !== undefined && bounds[0] > bounds[1]) column.error = 'search.rangeInvalid';
      else {
        if (bounds[0] !== undefined) filters.push(`@${parameter.field}>=${bounds[0]}`);
        if (bounds[1] !== undefined) filters.push(`@${parameter.field}<=${bounds[1]}`);
      }
    }
    return column;
  });
  const inStock = params.get('stock') === '1';
  const sampleEligible = params.get('sample') === '1';
  if (inStock) filters.push('@checkstock==true');
  if (sampleEligible) filters.push('@isparteligibleforsample==true');
  const sortField = params.get('sort') ?? '';
  const sort = type.parameters.some((parameter) => parameter.field === sortField) ? sortField : 'partnumber';
  const size = (SITE_PAGE_SIZES as readonly number[]).includes(Number(params.get('size'))) ? Number(params.get('size')) : SITE_PAGE_SIZES[0];
  const page = Math.max(1, Math.min(400, Math.floor(Number(params.get('page'))) || 1));
  const { search } = context.config;
  let rows: ProductRow[] = [];
  let total = 0;
  let searchDown = false;
  try {
    const response = await fetch(`${search.apiUrl}?organizationId=${encodeURIComponent(search.organizationId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${search.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        cq: '@objecttype==Product',
        aq: filters.join(' '),
        numberOfResults: size,
        firstResult: (page - 1) * size,
        sortCriteria: `@${sort} ascending`,
        fieldsToInclude: ['partnumber', 'series', 'checkstock', 'isparteligibleforsample', ...type.parameters.map((parameter) => parameter.field)],
      }),
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) throw new Error(String(response.status));
    const body = (await response.json()) as { totalCount: number; results: Array<{ clickUri: string; raw: Record<string, unknown> }> };
    total = body.totalCount;
    rows = body.results.map(({ clickUri, raw }) => ({
      partNumber: String(raw.partnumber ?? ''),
      series: String(raw.series ?? ''),
      inStock: raw.checkstock === true,
      sampleEligible: raw.isparteligibleforsample === true,
      href: clickUri,
      values: Object.fromEntries(type.parameters.map((parameter) => [parameter.field, typeof raw[parameter.field] === 'number' ? formatQuantity(raw[parameter.field] as number, parameter.unit, tag) : '—'])),
    }));
  } catch {
    searchDown = true;
  }
  return { parameters, rows, total, page, size, sort, inStock, sampleEligible, searchDown };
}
