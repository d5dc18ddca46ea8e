import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { newErrorId } from '../../../server/error-id.ts';
import { formatFileSize } from '~/lib/format.ts';
import { log } from '~/lib/logger.server.ts';
import { mediaLibrary, type MediaLibrary } from '~/lib/media-library.server.ts';
import { allOf, fieldIs, fieldIsFalse, type Clause } from '~/search-api/query-expression.server.ts';
import { searchCatalogue, type SearchApiRequest, type SearchApiResult } from '../catalogue/search-api.server.ts';
import { contentLanguage } from '../catalogue/taxonomy.server.ts';
import { applicationPath, DESIGN_CENTER_APPLICATIONS, findApplication, findMarket, localized, type ApplicationContent, type MarketContent } from '@voltaris/catalogue/design-center-applications';
import { DataFileError, readDataFile, type SelectionRow } from './data-files.server.ts';
import { PRODUCT_TYPES, slug } from '@voltaris/catalogue/taxonomy';
import type { ApplicationPageData, DesignCenterPageData, DocumentLink, Family, MarketPageData } from './view-types.ts';
import { card, rawText, type LoaderArgs } from './design-center.server.ts';
import { tableRow, typeNode, windowClauses } from './parameter-windows.server.ts';

const APPLICATIONS_ROOT = '/design-center/applications';

const FAMILIES_PER_ROW = 4;

const DOCUMENTS_PER_KIND = 6;

function notFound(): never {
  throw data({ errorId: newErrorId() }, { status: 404 });
}

/**
 * Series of a product type with parts inside the window, those of the application's market first
 * (every market's when the market has none): one folded result per series, ranked by how many of
 * its parts fit.
 */
async function familiesFor(context: AppLoadContext, row: SelectionRow, market: MarketContent, language: SiteLanguage, request: Request): Promise<Family[]> {
  const type = PRODUCT_TYPES.find((candidate) => candidate.key === row.productType)!;
  const typeName = typeNode(row.productType, language).name;
  const base = [fieldIs('objecttype', 'Product'), fieldIs('leveltwocategory', type.l2.en), ...windowClauses(row)];
  for (const clauses of [[...base, fieldIs('market', market.indexName)], base]) {
    const body: SearchApiRequest & { filterField: string; filterFieldRange: number } = {
      aq: allOf(...clauses),
      numberOfResults: 20,
      locale: LANGUAGES[language].tag,
      // The bare field name, as Headless's folding sends it: one result per series.
      filterField: 'foldingcollection',
      filterFieldRange: 0,
      facets: [{ type: 'specific', facetId: 'series', field: 'series', numberOfValues: 100, sortCriteria: 'occurrences', currentValues: [] }],
      fieldsToInclude: ['series', 'serieslink', 'seriesshortdescription'],
    };
    const answer = await searchCatalogue(context, body, request);
    const counts = new Map((answer.facets.find((facet) => facet.facetId === 'series')?.values ?? []).map((value) => [value.value, value.numberOfResults]));
    const families = answer.results
      .map((result: SearchApiResult) => ({
        series: rawText(result.raw.series),
        path: rawText(result.raw.serieslink),
        description: rawText(result.raw.seriesshortdescription),
        parts: counts.get(rawText(result.raw.series)) ?? 1,
        productTypeName: typeName,
      }))
      .filter((family) => family.series && family.path.startsWith('/products/'))
      .sort((a, b) => b.parts - a.parts || a.series.localeCompare(b.series))
      .slice(0, FAMILIES_PER_ROW);
    if (families.length > 0) return families;
  }
  return [];
}

const INDEX_LANGUAGES: Record<string, string> = { English: 'en', German: 'de', Japanese: 'ja', Chinese: 'zh' };

/** Documents of one kind: those in the visitor's language where they exist, else the English ones. */
async function documentsFor(
  context: AppLoadContext,
  request: Request,
  language: SiteLanguage,
  media: MediaLibrary,
  clauses: Clause[],
  /** Product types (index L2 names) whose documents come first. */
  preferTypes: string[] = [],
): Promise<DocumentLink[]> {
  const tag = LANGUAGES[language].tag;
  // The index's own name for the page's language (a stored field value, never shown).
  const ownIndexName = { en: 'English', de: 'German', 'ja-jp': 'Japanese', zh: 'Chinese' }[language];
  const answer = await searchCatalogue(
    context,
    {
      aq: allOf(fieldIs('objecttype', 'Document'), fieldIsFalse('issecured'), fieldIs('language', [...new Set(['English', ownIndexName])]), ...clauses),
      numberOfResults: 40,
      sortCriteria: 'date descending',
      locale: tag,
      fieldsToInclude: ['resourcetype', 'documenttypedisplayname', 'filename', 'assetlanguage', 'size', 'language', 'leveltwocategory'],
    },
    request,
  );
  const languageNames = new Intl.DisplayNames([tag], { type: 'language' });
  const byFile = new Map<string, { own: boolean; link: DocumentLink }>();
  const preferred = (result: SearchApiResult) => (preferTypes.includes(rawText(result.raw.leveltwocategory)) ? 0 : 1);
  for (const result of [...answer.results].sort((a, b) => preferred(a) - preferred(b))) {
    const filename = rawText(result.raw.filename);
    const type = rawText(result.raw.resourcetype);
    if (!filename || !type) continue;
    const assetLanguage = INDEX_LANGUAGES[rawText(result.raw.assetlanguage)] ?? 'en';
    const own = assetLanguage === contentLanguage(language) || (language === 'ja-jp' && assetLanguage === 'ja');
    const key = filename.replace(/-(de|ja|zh)\.pdf$/, '.pdf');
    const seen = byFile.get(key);
    if (seen && (seen.own || !own)) continue;
    const size = Number(result.raw.size);
    byFile.set(key, {
      own,
      link: {
        title: result.title,
        typeName: rawText(result.raw.documenttypedisplayname) || type,
        languageName: languageNames.of(assetLanguage) ?? assetLanguage,
        size: Number.isFinite(size) && size > 0 ? formatFileSize(size, tag) : '',
        // The media item's path in the library: resources/<document type>/<file>.
        href: media.link(`resources/${slug(type)}/${filename}`),
      },
    });
  }
  // The visitor's own language first; English-only documents fill up.
  return [...byFile.values()]
    .sort((a, b) => Number(b.own) - Number(a.own))
    .map((entry) => entry.link)
    .slice(0, DOCUMENTS_PER_KIND);
}

function selectionRowsOf(application: ApplicationContent): SelectionRow[] {
  try {
    const entry = readDataFile('selectionGuide').applications.find((candidate) => candidate.market === application.market.slug && candidate.application === application.slug);
    return entry?.rows ?? [];
  } catch (error) {
    if (!(error instanceof DataFileError)) throw error;
    // The page keeps its texts and documents; the log names the file's problem.
    log('error', 'design-center', error.message);
    return [];
  }
}

async function applicationPage(application: ApplicationContent, args: LoaderArgs, media: MediaLibrary): Promise<ApplicationPageData> {
  const { context, language, request, responseHeaders } = args;
  const lang = contentLanguage(language);
  const rows = selectionRowsOf(application);
  let catalogueUnavailable = false;
  const guard = async <T,>(work: Promise<T>, empty: T): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      catalogueUnavailable = true;
      log('warn', 'design-center', `catalogue query failed for ${applicationPath(application)}:`, error instanceof Error ? error.message : error);
      return empty;
    }
  };
  const rowFamilies = await Promise.all(rows.map((row) => guard(familiesFor(context, row, application.market, language, request), [] as Family[])));
  const families: Family[] = [];
  for (const family of rowFamilies.flat()) if (!families.some((known) => known.series === family.series)) families.push(family);
  const types = [...new Set(rows.map((row) => PRODUCT_TYPES.find((type) => type.key === row.productType)!.l2.en))];
  const [notes, datasheets, guides] = await Promise.all([
    guard(documentsFor(context, request, language, media, [fieldIs('resourcetype', 'Application Note'), fieldIs('endequipment', application.indexName)], types), []),
    families.length
      ? guard(documentsFor(context, request, language, media, [fieldIs('resourcetype', 'Datasheet'), fieldIs('series', families.map((family) => family.series))]), [])
      : Promise.resolve([]),
    guard(documentsFor(context, request, language, media, [fieldIs('resourcetype', 'Brochure'), fieldIs('leveltwocategory', types)]), []),
  ]);
  // The catalogue down is for this moment only: no copy of the page, no cache keeps it.
  if (catalogueUnavailable) responseHeaders.set('Cache-Control', 'no-store');
  const name = localized(application.name, lang);
  const marketName = localized(application.market.name, lang);
  return {
    kind: 'application',
    pageTitle: name,
    crumbs: [{ name: '', path: '/design-center' }, { name: marketName, path: `${APPLICATIONS_ROOT}/${application.market.slug}` }, { name }],
    name,
    summary: localized(application.summary, lang),
    marketName,
    marketContext: localized(application.market.context, lang),
    image: { src: media.link(application.image), alt: localized(application.imageAlt, lang) },
    rows: rows.map((row, index) => ({ ...tableRow(row, language), families: rowFamilies[index] ?? [] })),
    families,
    documents: [...notes, ...datasheets, ...guides],
    related: DESIGN_CENTER_APPLICATIONS.filter((other) => other.market === application.market && other !== application).map((other) => card(other, language, media)),
    ...(catalogueUnavailable ? { catalogueUnavailable: true } : {}),
  };
}

function marketPage(market: MarketContent, language: SiteLanguage, media: MediaLibrary): MarketPageData {
  const lang = contentLanguage(language);
  const name = localized(market.name, lang);
  return {
    kind: 'market',
    pageTitle: name,
    crumbs: [{ name: '', path: '/design-center' }, { name }],
    name,
    context: localized(market.context, lang),
    image: { src: media.link(market.image), alt: name },
    applications: DESIGN_CENTER_APPLICATIONS.filter((application) => application.market === market).map((application) => card(application, language, media)),
  };
}

/**
 * The wildcard item under /design-center/applications: `<market>` is the market's page,
 * `<market>/<application>` the application's; anything else is 404. Addresses differing only in
 * case answer 301 to the canonical one.
 */
export async function designCenterPageLoader(args: LoaderArgs): Promise<DesignCenterPageData> {
  const { context, language, itemPath } = args;
  if (!itemPath.toLowerCase().startsWith(`${APPLICATIONS_ROOT}/`)) notFound();
  const segments = itemPath.slice(APPLICATIONS_ROOT.length + 1).split('/').filter(Boolean);
  if (segments.length < 1 || segments.length > 2) notFound();
  const lower = segments.map((segment) => segment.toLowerCase());
  const market = findMarket(lower[0]!);
  const application = lower[1] !== undefined ? findApplication(lower[0]!, lower[1]) : undefined;
  if (!market || (lower[1] !== undefined && !application)) notFound();
  if (segments.join('/') !== lower.join('/')) throw redirect(localizedPath(language, `${APPLICATIONS_ROOT}/${lower.join('/')}`), 301);
  const media = await mediaLibrary(context);
  return application ? applicationPage(application, args, media) : marketPage(market, language, media);
}

// ---------------------------------------------------------------------------------------------
// The two tables: GET filters `q` (text) and `market`.
