import { Random } from './random.ts';
import { countryName, placeName, plantName } from '../../solr/place-names.ts';
import { phoneNumberIn } from '../../solr/phone-numbers.ts';
import { applicationPath, DESIGN_CENTER_APPLICATIONS } from '@voltaris/catalogue/design-center-applications';
import { documentPdf, sheetFromFields, type SheetPart } from '../../media/document-pdf.ts';
import {
  slug,
  withPrefix,
  CONTENT_LANGUAGES,
  END_EQUIPMENT,
  L4_MOUNTING,
  L5_GRADE,
  LANGUAGE_NAMES,
  PRODUCT_TYPES,
  type ContentLanguage,
  type Localized,
  type ProductType,
} from '@voltaris/catalogue/taxonomy';
import { markTranslations } from './translations.ts';
import { choosingFields, NOT_APPROVALS, successors, type Lifecycle } from './choosing-fields.ts';
import { formatPartNumber, PART_NUMBER_KEY_FIELD, partNumberKey, readPartNumber } from '@voltaris/catalogue/part-numbers';
import { SELECTION_ADVICE } from './faq-content.ts';
import { outlineOf } from '@voltaris/catalogue/package-outlines';
import { packageLabel, packageSteps, SERIES_ADDITIONS, TYPE_RULES, type PackageRule, type SeriesAddition, type SeriesConstants } from './series-rules.ts';

/**
 * A deterministic catalogue of a circuit-protection, sensing and power-control manufacturer:
 * products (L1 to L7 with electrical parameters), their documents, FAQs, news and events,
 * design-center, application and company pages, plant locations and contacts.
 */

export type FieldValue = string | number | boolean | string[] | Localized;

export type ObjectType = 'Product' | 'Document' | 'FAQ' | 'News' | 'Event' | 'Page' | 'Location' | 'Contact';

export interface CatalogueDocument {
  /** Stable site-relative address; the document's identity. */
  path: string;
  objecttype: ObjectType;
  /** Absent: the document exists in every language (products carry their own translations). */
  language?: ContentLanguage;
  title: Localized;
  body: Localized;
  /** Part number, for products; indexed for exact and prefix matching. */
  partNumber?: string;
  fields: Record<string, FieldValue>;
}

interface CatalogueOptions {
  products: number;
  seed?: number;
  /** Epoch ms all dates are relative to, so the catalogue does not change from day to day. */
  now?: number;
  /** The day news and fairs are dated from (default: today, UTC midnight), so the newest news is always recent. */
  today?: number;
}

export const DEFAULT_SEED = 20261123;
const CATALOGUE_EPOCH = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

const same = (text: string): Localized => ({ en: text, de: text, ja: text, zh: text });
const map = (source: Localized, fn: (text: string, language: ContentLanguage) => string): Localized =>
  Object.fromEntries(CONTENT_LANGUAGES.map((language) => [language, fn(source[language], language)])) as Localized;

interface Series {
  code: string;
  type: ProductType;
  l3: Localized;
  l4: Localized;
  l5: Localized;
  markets: string[];
  approvals: string[];
  description: Localized;
  path: string;
  introduced: number;
  package: PackageRule;
  /** The part ratings of the series' window, ascending (the package's span, or a run inside it). */
  steps: number[];
  constants: SeriesConstants;
  /** The series' own stream: its parts do not move when another series changes. */
  random: Random;
  suffix: string;
  /** The first part made: the series' folding parent. */
  root?: string;
}

const SERIES_DESCRIPTION: Record<ContentLanguage, (s: { noun: string; l3: string; l4: string; grade: string; markets: string }) => string> = {
  en: ({ noun, l4, grade, markets }) => `${grade} ${l4.toLowerCase()} ${noun} series for ${markets} designs.`,
  de: ({ noun, l4, grade, markets }) => `Baureihe ${noun} (${l4}, ${grade}) für Anwendungen in ${markets}.`,
  ja: ({ noun, l4, grade, markets }) => `${markets}向け${grade}${l4}${noun}シリーズ。`,
  zh: ({ noun, l4, grade, markets }) => `面向${markets}设计的${grade}${l4}${noun}系列。`,
};

const PART_DESCRIPTION: Record<ContentLanguage, (s: { noun: string; ratings: string; series: string }) => string> = {
  en: ({ noun, ratings, series }) => `${ratings} ${noun}, ${series} series`,
  de: ({ noun, ratings, series }) => `${noun}, ${ratings}, Baureihe ${series}`,
  ja: ({ noun, ratings, series }) => `${ratings} ${noun}（${series}シリーズ）`,
  zh: ({ noun, ratings, series }) => `${ratings} ${noun}，${series}系列`,
};

const DATASHEET_BODY: Record<ContentLanguage, (s: { family: string; description: string; parts: string[] }) => string> = {
  en: ({ family, description, parts }) => `${family}. ${description} Ratings, dimensions and ordering codes: ${parts.join(', ')}.`,
  de: ({ family, description, parts }) => `${family}. ${description} Kennwerte, Abmessungen und Bestellbezeichnungen: ${parts.join(', ')}.`,
  ja: ({ family, description, parts }) => `${family}。${description}定格、寸法、注文コード：${parts.join('、')}。`,
  zh: ({ family, description, parts }) => `${family}。${description}额定值、尺寸和订货代码：${parts.join('、')}。`,
};

const MARKET_NAMES: Record<string, Localized> = {
  Automotive: { en: 'automotive', de: 'der Automobilindustrie', ja: '車載', zh: '汽车' },
  Industrial: { en: 'industrial', de: 'der Industrie', ja: '産業機器', zh: '工业' },
  'Consumer Electronics': { en: 'consumer electronics', de: 'der Unterhaltungselektronik', ja: '民生機器', zh: '消费电子' },
  Communications: { en: 'communications', de: 'der Kommunikationstechnik', ja: '通信機器', zh: '通信' },
  Energy: { en: 'energy', de: 'der Energietechnik', ja: 'エネルギー', zh: '能源' },
  Lighting: { en: 'lighting', de: 'der Beleuchtung', ja: '照明', zh: '照明' },
  Medical: { en: 'medical', de: 'der Medizintechnik', ja: '医療機器', zh: '医疗' },
  'Home Appliances': { en: 'home appliance', de: 'Haushaltsgeräten', ja: '家電', zh: '家电' },
};

/** A stable 32-bit hash of a series code, to seed the series' own stream. */
function hashCode(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

/**
 * A stem's later series: stem2, stem3... for most types; fuse families stay four digits as fuse
 * makers number them (0451, 1451, 2451... then 0454...), so the ampere code after them reads alone.
 */
function seriesCodeOfRound(typeKey: string, stem: string, round: number): string {
  if (typeKey === 'fuses' && /^\d{4}$/.test(stem)) return String((Number(stem) + 1000 * (round % 10) + 3 * Math.floor(round / 10)) % 10000).padStart(4, '0');
  return `${stem}${round + 1}`;
}

/** The next unused series code of a type: stem, then stem2 ... stem99 (part numbers stay within 10 characters). */
function nextSeriesCode(type: ProductType, taken: Set<string>, cursor: { attempt: number }): { code: string; stem: string; round: number; stemIndex: number } | undefined {
  while (cursor.attempt < type.stems.length * 99) {
    const stem = type.stems[cursor.attempt % type.stems.length]!;
    const round = Math.floor(cursor.attempt / type.stems.length);
    cursor.attempt += 1;
    const code = round === 0 ? stem : seriesCodeOfRound(type.key, stem, round);
    if (taken.has(code)) continue;
    taken.add(code);
    return { code, stem, round, stemIndex: (cursor.attempt - 1) % type.stems.length };
  }
  return undefined;
}

/**
 * One series, drawn from its own stream (seed, type and code): changing one type's rules or sizes
 * moves no other series, and the catalogue's other content does not move with the products.
 */
function makeSeries(
  baseType: ProductType,
  { code, stem, round, stemIndex }: { code: string; stem: string; round: number; stemIndex: number },
  seed: number,
  now: number,
  addition?: SeriesAddition,
): Series {
  const rules = TYPE_RULES[baseType.key]!;
  // An addition names its parts with a noun of its own (a PV fuse, a contactor).
  const type = addition ? { ...baseType, noun: addition.noun } : baseType;
  const own = new Random(seed ^ hashCode(`${type.key}/${code}`));
  const drawnL3 = own.pick(type.l3);
  const l5 = own.pick(L5_GRADE);
  const drawnMarkets = own.some(type.markets, own.int(1, 3));
  const drawnApprovals = own.some(type.approvals, own.int(1, 3));
  const markets = addition?.markets ?? drawnMarkets;
  const approvals = addition?.approvals ?? drawnApprovals;
  const introduced = now - own.int(30, 3650) * DAY;
  const named = rules.packages.filter((candidate) => candidate.stems?.includes(stem));
  // A stem's successive series (SMBJ, SMBJ2...) take its packages in turn (all of the type's when no
  // package names the stem), so every package is made; the category follows the package.
  const choices = named.length > 0 ? named : rules.packages;
  // Each stem starts at another package, so a small catalogue has a spread of them too.
  const pack = addition?.pack ?? choices[(round + stemIndex) % choices.length]!;
  const l3 = pack.l3.includes(type.l3.indexOf(drawnL3)) ? drawnL3 : type.l3[pack.l3[0]!]!;
  const span = packageSteps(rules, pack);
  // A series covers most of its package's span: at least four steps (or all there are), from a random start.
  const length = Math.min(span.length, Math.max(4, Math.round(span.length * (0.75 + 0.25 * own.next()))));
  const start = own.int(0, span.length - length);
  const l4 = L4_MOUNTING[pack.mounting]!;
  const description = map(type.noun, (noun, language) =>
    SERIES_DESCRIPTION[language]({
      noun,
      l3: l3[language],
      l4: l4[language],
      grade: l5[language],
      markets: markets.map((m) => MARKET_NAMES[m]?.[language] ?? m).join(language === 'en' || language === 'de' ? ', ' : '・'),
    }),
  );
  return {
    code,
    type,
    l3,
    l4,
    l5,
    markets,
    approvals,
    description,
    path: `/products/${slug(type.l1.en)}/${slug(type.l2.en)}/${slug(l3.en)}/${slug(code)}`,
    introduced,
    package: pack,
    steps: span.slice(start, start + length),
    constants: { ...rules.series(own, pack), ...addition?.constants },
    random: own,
    suffix: own.pick(type.suffixes),
  };
}

const PRODUCT_NAME: Record<ContentLanguage, (s: { noun: string; part: string }) => string> = {
  en: ({ noun, part }) => `${part} ${noun}`,
  de: ({ noun, part }) => `${noun} ${part}`,
  ja: ({ noun, part }) => `${part} ${noun}`,
  zh: ({ noun, part }) => `${part} ${noun}`,
};

const MARKETING_VIEW: Record<ContentLanguage, (s: { l2: string; series: string; pack: string }) => string> = {
  en: ({ l2, series, pack }) => `${series} Series ${l2}, ${pack}`,
  de: ({ l2, series, pack }) => `${l2} der Baureihe ${series}, ${pack}`,
  ja: ({ l2, series, pack }) => `${series}シリーズ ${l2}（${pack}）`,
  zh: ({ l2, series, pack }) => `${series}系列${l2}（${pack}）`,
};

/** The business units a part is sold through: its product line's unit, plus the market units that carry it. */
function businessUnits(type: ProductType, markets: string[]): string[] {
  const line = type.l1.en === 'Power Control' ? 'Semiconductors' : type.l1.en === 'Sensing' ? 'Sensing' : 'ESBU';
  return [line, ...(['Automotive', 'Industrial'] as const).filter((market) => markets.includes(market))];
}

/**
 * The parts of one series variant (suffix): they step the primary rating through the series'
 * window, every other value following from it. One variant per series at the sizes the site runs
 * (20,000 to 100,000 parts); only benchmark-sized catalogues need further suffixes.
 */
function productDocuments(series: Series, variant: number, limit: number, takenParts: Set<string>): CatalogueDocument[] {
  const { type, random } = series;
  const rules = TYPE_RULES[type.key]!;
  const docs: CatalogueDocument[] = [];
  const primary = type.parameters.find((parameter) => parameter.field === type.primary)!;
  const second = type.parameters.find((parameter) => parameter.field !== type.primary && rules.seriesFields.includes(parameter.field));
  // Variant 0 is the series' own suffix; further variants take the type's other suffixes in turn.
  const suffix = variant === 0 ? series.suffix : type.suffixes.filter((one) => one !== series.suffix)[variant - 1];
  if (suffix === undefined) return docs;
  const packageName = packageLabel(series.package);
  const units = businessUnits(type, series.markets);
  const marketingView = map(type.l2, (l2, language) => MARKETING_VIEW[language]({ l2, series: series.code, pack: packageName[language] }));
  // Lifecycle, compliance and the family's own choices: the series' and its suffix's (choosing-fields.ts).
  const choosing = choosingFields({ type, seriesCode: series.code, pack: series.package, l3: series.l3.en, grade: series.l5.en, suffix, constants: series.constants });
  const approvals = series.approvals.filter((approval) => !NOT_APPROVALS.has(approval));
  for (const step of series.steps) {
    if (docs.length >= limit) break;
    const values = rules.part(step, series.constants, series.package);
    // The number carries the rating as the industry writes it (packages/catalogue/src/part-numbers.ts).
    const partNumber = formatPartNumber({ typeKey: type.key, series: series.code, values, suffix, packageName: series.package.name, pChannel: series.l3.en.startsWith('P-Channel') });
    if (!partNumber || takenParts.has(partNumber)) continue;
    takenParts.add(partNumber);

    // In each language's notation: a German description (and the page title made of it) writes "6,5 kA".
    const ratingsIn = (language: ContentLanguage) => [primary, ...(second ? [second] : [])].map((parameter) => withPrefix(values[parameter.field]!, parameter.unit, language)).join(', ');
    const short = map(type.noun, (noun, language) => PART_DESCRIPTION[language]({ noun, ratings: ratingsIn(language), series: series.code }));
    const inStock = random.chance(0.72);
    const sampleEligible = random.chance(0.55);
    const hasCad = random.chance(0.8);
    const endEquipment = series.markets.flatMap((market) => random.some(END_EQUIPMENT[market] ?? [], 2));
    const clickableuri = `${series.path}/${slug(partNumber)}`;
    docs.push({
      path: clickableuri,
      objecttype: 'Product',
      title: same(partNumber),
      // The series description is its own field (seriesshortdescription), searchable like the body.
      body: short,
      partNumber,
      fields: {
        partnumber: partNumber,
        // The number as typed in any form (part-numbers.ts partNumberKey): the exact match of a query (decision 0160).
        [PART_NUMBER_KEY_FIELD]: partNumberKey(partNumber),
        levelnumber: '7',
        productlevel: 'L7',
        productname: map(type.noun, (noun, language) => PRODUCT_NAME[language]({ noun, part: partNumber })),
        marketingprodview: marketingView,
        levelonecategory: type.l1.en,
        leveltwocategory: type.l2.en,
        levelthreecategory: series.l3.en,
        levelfourcategory: series.l4.en,
        levelfivecategory: series.l5.en,
        // REQ-CAT-1: L1 to L5 as one path for the hierarchical facet, delimiter "|" (REQ-FACET-6 site setup).
        categorypath: [type.l1.en, type.l2.en, series.l3.en, series.l4.en, series.l5.en].join('|'),
        subcategoryfacet: series.l3.en,
        series: series.code,
        seriesvariant: suffix ? `${series.code}-${suffix}` : `${series.code}-STD`,
        package: series.package.name,
        packagedisplayname: packageName,
        currentpagecategoryname: series.l3,
        pagecategoryvalue: type.l2.en,
        shortdescription: short,
        seriesshortdescription: series.description,
        // The series' one datasheet: the library document search finds, listing every part (documentDocuments).
        datasheeturl: datasheetUrl(series.code),
        // A picture of the part's own package (a chip fuse, not a cartridge): standins/media/product-pictures.ts.
        productimageurl: `/media/products/packages/${slug(series.package.name)}.svg`,
        serieslink: series.path,
        clickableuri,
        checkstock: inStock,
        isparteligibleforsample: sampleEligible,
        agencyapprovals: approvals,
        ...choosing,
        issecured: false,
        ecadmodels: hasCad,
        market: series.markets,
        endequipment: [...new Set(endEquipment)],
        producttechnologies: type.technology,
        businessunit: units[0]!,
        businessunits: units,
        date: series.introduced + random.int(0, 60) * DAY,
        // Folding (REQ-SEARCH-9 fields): the parts of a series fold under its first part.
        foldingcollection: `series-${series.code}`,
        foldingchild: [partNumber],
        ...(series.root && series.root !== partNumber ? { foldingparent: series.root } : {}),
        ...values,
      },
    });
    series.root ??= partNumber;
  }
  return docs;
}

export const RESOURCE_TYPES = ['Datasheet', 'Application Note', 'Certificate', 'Brochure', 'Product Change Notice', 'Technical Paper'] as const;
type ResourceType = (typeof RESOURCE_TYPES)[number];
const RESOURCE_TYPE_NAMES: Record<ResourceType, Localized> = {
  Datasheet: { en: 'Datasheet', de: 'Datenblatt', ja: 'データシート', zh: '数据表' },
  'Application Note': { en: 'Application Note', de: 'Applikationsschrift', ja: 'アプリケーションノート', zh: '应用笔记' },
  Certificate: { en: 'Certificate', de: 'Zertifikat', ja: '認証書', zh: '证书' },
  Brochure: { en: 'Brochure', de: 'Broschüre', ja: 'カタログ', zh: '产品手册' },
  'Product Change Notice': { en: 'Product Change Notice', de: 'Produktänderungsmitteilung', ja: '製品変更通知', zh: '产品变更通知' },
  'Technical Paper': { en: 'Technical Paper', de: 'Fachartikel', ja: '技術論文', zh: '技术文章' },
};

const APP_NOTE_TOPICS: Localized[] = [
  { en: 'Selecting {l2} for {equipment}', de: '{l2} für {equipment} auswählen', ja: '{equipment}向け{l2}の選定', zh: '为{equipment}选择{l2}' },
  { en: 'Surge protection of {equipment} with {l2}', de: 'Überspannungsschutz für {equipment} mit {l2}', ja: '{l2}による{equipment}のサージ保護', zh: '使用{l2}保护{equipment}免受浪涌' },
  { en: 'Thermal design guidelines for {l2} in {equipment}', de: 'Richtlinien zur Wärmeauslegung von {l2} in {equipment}', ja: '{equipment}における{l2}の熱設計ガイドライン', zh: '{equipment}中{l2}的热设计指南' },
  { en: 'Meeting IEC 61000-4-5 in {equipment}', de: 'IEC 61000-4-5 in {equipment} erfüllen', ja: '{equipment}でのIEC 61000-4-5対応', zh: '在{equipment}中满足IEC 61000-4-5' },
  { en: 'Reliability testing of {l2} for {equipment}', de: 'Zuverlässigkeitsprüfung von {l2} für {equipment}', ja: '{equipment}向け{l2}の信頼性試験', zh: '面向{equipment}的{l2}可靠性测试' },
];

/** The address of a series' datasheet: the English library document, linked the same from the part page and from search. */
export const datasheetUrl = (seriesCode: string) => `/media/resources/datasheet/${slug(seriesCode)}-datasheet.pdf`;

/** Parts a document lists in its table: every part of a datasheet's series, the series' first parts, or one part per series of a type. */
const PARTS_PER_KIND: Record<ResourceType, number> = { Datasheet: Number.POSITIVE_INFINITY, 'Application Note': 8, Certificate: 10, Brochure: 12, 'Product Change Notice': 6, 'Technical Paper': 6 };
const DOCUMENT_CODES: Record<ResourceType, string> = { Datasheet: 'DS', 'Application Note': 'AN', Certificate: 'CE', Brochure: 'BR', 'Product Change Notice': 'PCN', 'Technical Paper': 'TP' };

/** A change notice's title: its number, then what changed, in each language. */
function changeNoticeTitle(series: Series, number: number): Localized {
  const id = `PCN ${series.code}-${number}`;
  return {
    en: `${id}: ${series.type.l2.en} process change`,
    de: `${id}: ${series.type.l2.de} – Prozessänderung`,
    ja: `${id}：${series.type.l2.ja}の製造工程変更`,
    zh: `${id}：${series.type.l2.zh}生产工艺变更`,
  };
}

const PAPER_TOPICS: Localized[] = [
  { en: 'failure modes', de: 'Ausfallarten', ja: '故障モード', zh: '失效模式' },
  { en: 'aging mechanisms', de: 'Alterungsmechanismen', ja: '劣化メカニズム', zh: '老化机理' },
  { en: 'derating', de: 'Derating', ja: 'ディレーティング', zh: '降额' },
  { en: 'qualification', de: 'Qualifizierung', ja: '認定試験', zh: '资质认证' },
];

function documentDocuments(random: Random, allSeries: Series[], now: number, products: readonly CatalogueDocument[], additionSeries: Series[] = []): CatalogueDocument[] {
  const docs: CatalogueDocument[] = [];
  /** The change notices as written (English), translated at the end. */
  const changeNotices: Array<{ english: CatalogueDocument; title: Localized; fileSlug: string }> = [];
  const partsOf = new Map<string, CatalogueDocument[]>();
  for (const product of products) {
    if (product.objecttype !== 'Product') continue;
    const code = String(product.fields.series);
    const list = partsOf.get(code);
    if (list) list.push(product);
    else partsOf.set(code, [product]);
  }
  // In the order they are made: up the series' rating, as a datasheet's table runs.
  // Each part's table row once: a part is listed by its datasheets in up to four languages, and by other documents.
  const sheetParts = new Map<CatalogueDocument, SheetPart>();
  const sheetPart = (product: CatalogueDocument): SheetPart => {
    let row = sheetParts.get(product);
    if (!row) {
      row = { partNumber: product.partNumber!, values: Object.fromEntries(Object.entries(product.fields).filter((entry): entry is [string, number] => typeof entry[1] === 'number')), package: String(product.fields.package ?? '') };
      sheetParts.set(product, row);
    }
    return row;
  };
  /** The parts a document's table lists: its series' first parts, else the first part of each matching series. */
  const relatedParts = (kind: ResourceType, extra: Record<string, FieldValue>): CatalogueDocument[] => {
    const limit = PARTS_PER_KIND[kind];
    if (typeof extra.series === 'string') return (partsOf.get(extra.series) ?? []).slice(0, limit);
    const market = Array.isArray(extra.market) ? extra.market[0] : undefined;
    const ofType = allSeries.filter((series) => series.type.l2.en === extra.leveltwocategory);
    const fitting = market ? ofType.filter((series) => series.markets.includes(market)) : ofType;
    return (fitting.length ? fitting : ofType).flatMap((series) => partsOf.get(series.code)?.slice(0, 1) ?? []).slice(0, limit);
  };
  const add = (
    kind: ResourceType,
    title: Localized,
    language: ContentLanguage,
    fileSlug: string,
    extra: Record<string, FieldValue>,
    /** What the document says beyond its title, from the parts its table lists. */
    bodyOf?: (parts: CatalogueDocument[]) => string,
  ) => {
    const dateCreated = now - random.int(1, 2500) * DAY;
    // Revised within 400 days of its first issue and never after today: the draw spreads over that
    // span (clipping at today piled many documents on one date).
    const span = Math.min(400, Math.round((now - dateCreated) / DAY));
    const modified = dateCreated + Math.round((random.int(0, 400) / 400) * span) * DAY;
    // The draw that once made up a file size numbers the document (the stream of draws is unchanged).
    const documentnumber = `VC-${DOCUMENT_CODES[kind]}-${String(random.int(80, 9000)).padStart(4, '0')}`;
    const revision = String.fromCharCode(65 + Math.min(25, Math.round((modified - dateCreated) / (90 * DAY))));
    const filename = `${fileSlug}${language === 'en' ? '' : `-${language}`}.pdf`;
    const path = `/resources/${slug(kind)}/${filename}`;
    const parts = relatedParts(kind, extra);
    const fields: Record<string, FieldValue> = {
      resourcetype: kind,
      documenttype: kind,
      documenttypedisplayname: RESOURCE_TYPE_NAMES[kind],
      filetype: 'pdf',
      filename,
      size: 0,
      date: modified,
      datecreated: dateCreated,
      datemodified: modified,
      modificationdate: modified,
      assetlanguage: LANGUAGE_NAMES[language],
      isincludedinlibrary: kind !== 'Product Change Notice',
      // Change notices and some papers are for signed-in customers only.
      issecured: kind === 'Product Change Notice' || (kind === 'Technical Paper' && random.chance(0.5)),
      resourceurl: `/media${path}`,
      clickableuri: `/media${path}`,
      resourcethumbnailurl: `/media/thumbnails/${slug(kind)}.svg`,
      externallink: false,
      documentnumber,
      revision,
      relatedparts: parts.map((part) => part.partNumber!),
      // The resource library's A-to-Z index and order (the title is not a field).
      sortabletitle: title[language],
      libraryletter: indexLetterOf(title[language]),
      ...extra,
    };
    // The size is the length of the very file the media library serves for these fields.
    fields.size = documentPdf(sheetFromFields(title[language], fields, parts.map(sheetPart))).length;
    docs.push({
      path,
      objecttype: 'Document',
      language,
      title: same(title[language]),
      body: same(bodyOf?.(parts) ?? `${RESOURCE_TYPE_NAMES[kind][language]}: ${title[language]}`),
      fields,
    });
  };

  for (const series of allSeries) {
    const title: Localized = map(series.type.l2, (l2, language) =>
      language === 'en' ? `${series.code} Series ${l2} Datasheet` : language === 'de' ? `Datenblatt Baureihe ${series.code} (${l2})` : language === 'ja' ? `${series.code}シリーズ ${l2} データシート` : `${series.code}系列${l2}数据表`,
    );
    const common = { series: series.code, levelonecategory: series.type.l1.en, leveltwocategory: series.type.l2.en, market: series.markets };
    // A datasheet names its product family and lists its parts' ordering codes, as the printed one
    // does: "thermistor datasheet" finds the NTC series' sheet, whose title says temperature sensors.
    const sheetBody = (language: ContentLanguage) => (parts: CatalogueDocument[]) => DATASHEET_BODY[language]({ family: series.l3[language], description: series.description[language], parts: parts.map((part) => part.partNumber!) });
    add('Datasheet', title, 'en', `${slug(series.code)}-datasheet`, common, sheetBody('en'));
    for (const language of ['de', 'ja', 'zh'] as const) if (random.chance(0.25)) add('Datasheet', title, language, `${slug(series.code)}-datasheet`, common, sheetBody(language));
    if (random.chance(0.3)) {
      const approval = random.pick(series.approvals);
      add('Certificate', same(`${approval} Certificate ${series.code}`), 'en', `${slug(series.code)}-${slug(approval)}-certificate`, { ...common, agencyapprovals: [approval] });
    }
    if (random.chance(0.08)) {
      // The number is drawn before the notice's own draws, as it always was.
      const notice = changeNoticeTitle(series, random.int(100, 999));
      add('Product Change Notice', notice, 'en', `${slug(series.code)}-pcn`, common);
      changeNotices.push({ english: docs.at(-1)!, title: notice, fileSlug: `${slug(series.code)}-pcn` });
    }
  }
  const seriesDatasheet = (series: Series, language: ContentLanguage) => {
    const title: Localized = map(series.type.l2, (l2, lang) =>
      lang === 'en' ? `${series.code} Series ${l2} Datasheet` : lang === 'de' ? `Datenblatt Baureihe ${series.code} (${l2})` : lang === 'ja' ? `${series.code}シリーズ ${l2} データシート` : `${series.code}系列${l2}数据表`,
    );
    const common = { series: series.code, levelonecategory: series.type.l1.en, leveltwocategory: series.type.l2.en, market: series.markets };
    add('Datasheet', title, language, `${slug(series.code)}-datasheet`, common, (parts) => DATASHEET_BODY[language]({ family: series.l3[language], description: series.description[language], parts: parts.map((part) => part.partNumber!) }));
  };
  for (const type of PRODUCT_TYPES) {
    for (const [index, topic] of APP_NOTE_TOPICS.entries()) {
      for (const market of type.markets) {
        const equipment = random.pick(END_EQUIPMENT[market] ?? ['equipment']);
        // The equipment in the note's own language, as the design center names the application.
        const named = DESIGN_CENTER_APPLICATIONS.find((application) => application.indexName === equipment)?.name;
        const title = map(topic, (text, language) => text.replace('{l2}', type.l2[language]).replace('{equipment}', named?.[language] ?? equipment));
        const fileSlug = `${type.key}-${index}-${slug(equipment)}`;
        for (const language of CONTENT_LANGUAGES) {
          if (language !== 'en' && !random.chance(0.4)) continue;
          add('Application Note', title, language, fileSlug, { leveltwocategory: type.l2.en, levelonecategory: type.l1.en, market: [market], endequipment: [equipment] });
        }
      }
    }
    for (const language of CONTENT_LANGUAGES) {
      add('Brochure', map(type.l2, (l2, lang) => (lang === 'en' ? `${l2} Product Selection Guide` : lang === 'de' ? `Produktauswahlhilfe ${l2}` : lang === 'ja' ? `${l2} 製品セレクションガイド` : `${l2}产品选型指南`)), language, `${type.key}-selection-guide`, { leveltwocategory: type.l2.en, levelonecategory: type.l1.en });
      if (random.chance(0.5)) {
        // One draw per language as before (the random stream stays the same); every version takes the first.
        const topic = CONTENT_LANGUAGES.map(() => random.pick(PAPER_TOPICS))[0]!;
        add('Technical Paper', map(type.l2, (l2, lang) => `${l2}: ${topic[lang]}`), language, `${type.key}-paper`, { leveltwocategory: type.l2.en });
      }
    }
  }
  // The added series' datasheets (PV fuses, power relays), after the others so their draws stay as they were.
  for (const series of additionSeries) seriesDatasheet(series, 'en');
  // A change notice goes to every customer in their language (issue 31: English titles on the
  // German portal): the same notice (number, revision, date, parts), its title and file translated.
  // Made from the English one without a draw, so nothing else in the catalogue moves; the file
  // names make them one item's versions (availablelanguages, translations.ts).
  for (const { english, title, fileSlug } of changeNotices) {
    for (const language of CONTENT_LANGUAGES) {
      if (language === 'en') continue;
      const filename = `${fileSlug}-${language}.pdf`;
      const path = `/resources/${slug('Product Change Notice')}/${filename}`;
      const fields: Record<string, FieldValue> = {
        ...english.fields,
        filename,
        assetlanguage: LANGUAGE_NAMES[language],
        resourceurl: `/media${path}`,
        clickableuri: `/media${path}`,
        sortabletitle: title[language],
        libraryletter: indexLetterOf(title[language]),
      };
      // The same parts as the English one's table (relatedParts draws nothing).
      fields.size = documentPdf(sheetFromFields(title[language], fields, relatedParts('Product Change Notice', english.fields).map(sheetPart))).length;
      docs.push({ path, objecttype: 'Document', language, title: same(title[language]), body: same(`${RESOURCE_TYPE_NAMES['Product Change Notice'][language]}: ${title[language]}`), fields });
    }
  }
  return docs;
}

const FAQ_TEMPLATES: Array<{ question: Localized; answer: Localized; perParameter?: boolean }> = [
  {
    question: { en: 'How do I select the right {noun} for my application?', de: 'Wie wähle ich für meine Anwendung die passenden {l2} aus?', ja: '用途に合った{noun}はどのように選べばよいですか？', zh: '如何为我的应用选择合适的{noun}？' },
    answer: { en: 'Start from the normal operating {primary}, add a safety margin of 25 %, then check the ambient temperature and the worst-case fault. The parametric search filters {l2} by every rating.', de: 'Gehen Sie vom normalen Betriebswert ({primary}) aus, rechnen Sie 25 % Sicherheitsreserve hinzu und prüfen Sie Umgebungstemperatur und ungünstigsten Fehlerfall. Die parametrische Suche filtert {l2} nach jedem Kennwert.', ja: '通常動作時の{primary}を基準に25 %の余裕を加え、周囲温度と最悪の故障条件を確認してください。パラメトリック検索で{noun}をすべての定格で絞り込めます。', zh: '以正常工作时的{primary}为起点，留出25 %的余量，再核对环境温度和最坏故障情况。参数搜索可按各项额定值筛选{noun}。' },
  },
  {
    question: { en: 'What does the {parameter} of a {noun} mean?', de: 'Was bedeutet der Kennwert „{parameter}“ bei {l2}?', ja: '{noun}の{parameter}とは何ですか？', zh: '{noun}的{parameter}是什么意思？' },
    answer: { en: 'The {parameter} is given in {unit} in every datasheet. It is measured under the conditions the datasheet states and is the value our parametric filters use.', de: 'Der Kennwert „{parameter}“ steht in jedem Datenblatt in {unit}. Er wird unter den dort angegebenen Bedingungen gemessen und ist der Wert, nach dem unsere parametrischen Filter suchen.', ja: '{parameter}はすべてのデータシートに{unit}単位で記載されています。データシート記載の条件で測定され、パラメトリックフィルタもこの値を使用します。', zh: '每份数据表都以{unit}为单位给出{parameter}。该值按数据表所述条件测量，也是参数筛选所使用的值。' },
    perParameter: true,
  },
  {
    question: { en: 'Are your {l2} RoHS and REACH compliant?', de: 'Sind Ihre {l2} RoHS- und REACH-konform?', ja: '貴社の{noun}はRoHSおよびREACHに準拠していますか？', zh: '贵公司的{noun}符合RoHS和REACH吗？' },
    answer: { en: 'Yes. All current {l2} are RoHS compliant and REACH SVHC free; the declarations are in the resource library.', de: 'Ja. Alle aktuellen {l2} sind RoHS-konform und frei von REACH-SVHC; die Erklärungen finden Sie in der Dokumentenbibliothek.', ja: 'はい。現行のすべての{noun}はRoHSに準拠し、REACH SVHCを含みません。宣言書はリソースライブラリにあります。', zh: '是的。所有现行{noun}均符合RoHS且不含REACH SVHC物质，声明文件见资料库。' },
  },
  {
    question: { en: 'How should {l2} be stored and soldered?', de: 'Wie sollten {l2} gelagert und gelötet werden?', ja: '{noun}の保管とはんだ付けはどのように行えばよいですか？', zh: '{noun}应如何存放和焊接？' },
    answer: { en: 'Store them below 30 °C and 60 % relative humidity and solder with the reflow profile of J-STD-020; moisture-sensitive parts must be baked after 168 hours out of the bag.', de: 'Lagern Sie sie unter 30 °C und 60 % relativer Feuchte und löten Sie nach dem Reflow-Profil gemäß J-STD-020; feuchteempfindliche Teile müssen nach 168 Stunden außerhalb der Verpackung getrocknet werden.', ja: '30 °C・相対湿度60 %以下で保管し、J-STD-020のリフロープロファイルではんだ付けしてください。吸湿性部品は開封後168時間を超えたらベーキングが必要です。', zh: '请在30 °C、相对湿度60 %以下存放，并按J-STD-020回流曲线焊接；湿敏器件拆封超过168小时后须烘烤。' },
  },
  {
    question: { en: 'Can I get free samples of {l2}?', de: 'Kann ich kostenlose Muster von {l2} bekommen?', ja: '{noun}の無償サンプルは入手できますか？', zh: '可以免费索取{noun}样品吗？' },
    answer: { en: 'Yes. Parts marked as sample-eligible can be requested from the product page after you sign in; up to five parts per request.', de: 'Ja. Als musterfähig gekennzeichnete Teile können Sie nach der Anmeldung auf der Produktseite anfordern, bis zu fünf Teile pro Anfrage.', ja: 'はい。サンプル対象の部品は、サインイン後に製品ページから1回につき最大5点まで請求できます。', zh: '可以。标有可申请样品的器件在登录后可从产品页面申请，每次最多五种。' },
  },
];

/** English puts names mid-sentence in lower case, except words written in capitals (TVS, DC, MOSFETs). */
const midSentence = (text: string) => text.replace(/\b[A-Z][a-z][^\s]*/g, (word) => word.toLowerCase());
const englishArticle = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/** REQ-LIST-1: the FAQ list shows up to 500 rows a language; each language has exactly that many questions. */
export const FAQ_ROWS = 500;

/** A value as the language writes it: a decimal comma in German. */
const localValue = (value: number, unit: string, language: ContentLanguage) => withPrefix(value, unit, language);

const RANGE_SENTENCE: Record<ContentLanguage, (s: { l2: string; noun: string; min: string; max: string }) => string> = {
  en: ({ l2, min, max }) => ` Across our ${l2} it runs from ${min} to ${max}.`,
  de: ({ l2, min, max }) => ` Bei unseren ${l2} reicht er von ${min} bis ${max}.`,
  ja: ({ noun, min, max }) => `当社の${noun}では${min}から${max}までです。`,
  zh: ({ noun, min, max }) => `本公司${noun}的该值为${min}至${max}。`,
};

interface SeriesFaqFacts {
  series: string;
  noun: string;
  primary: string;
  pack: string;
  count: number;
  min: string;
  max: string;
  first: string;
  last: string;
  shared?: { label: string; value: string };
  part: string;
  value: string;
  suffix: string;
  /** The package body's size as its outline gives it ("6.1 × 2.69 × 2.69 mm"). */
  size: string;
}

/** A package body's size in the language's notation, from its outline (the STEP model's too). */
function outlineText(packageName: string, language: ContentLanguage): string {
  const outline = outlineOf(packageName);
  if (!outline) return '';
  const mm = (value: number) => (language === 'de' ? String(value).replace('.', ',') : String(value));
  return outline.shape === 'box' ? `${mm(outline.length)} × ${mm(outline.width)} × ${mm(outline.height)} mm` : `⌀ ${mm(outline.diameter)} × ${mm(outline.length)} mm`;
}

/** How a family is stored and mounted, from the packages its parts come in. */
function storageAnswer(type: ProductType, family: CatalogueDocument[], language: ContentLanguage): string {
  const mountings = new Set(family.map((part) => String(part.fields.levelfourcategory)));
  const packages = [...new Set(family.map((part) => String(part.fields.package)))];
  // Named as the language's datasheets name them (Scheibe 7 mm, ディスク 7 mm).
  const named = packages.slice(0, 4).map((name) => packageLabel({ name, mounting: 0, l3: [], min: 0, max: 0 })[language]).join(language === 'ja' || language === 'zh' ? '、' : ', ') + (packages.length > 4 ? ' …' : '');
  const l2 = language === 'en' ? midSentence(type.l2.en) : type.l2[language];
  const text: Record<ContentLanguage, string[]> = {
    en: [
      `Our ${l2} come in ${packages.length} packages (${named}).`,
      mountings.has('Surface Mount') ? 'Store surface-mount parts below 30 °C and 60 % relative humidity in their sealed bags and solder them with the J-STD-020 reflow profile; moisture-sensitive parts are baked after 168 hours out of the bag.' : '',
      mountings.has('Through Hole') ? 'Leaded parts are wave- or hand-soldered, at most 260 °C for 10 s at the leads.' : '',
      mountings.has('Module') ? 'Modules and DIN-rail parts are not soldered: tighten their terminals to the torque the datasheet gives.' : '',
    ],
    de: [
      `Unsere ${l2} gibt es in ${packages.length} Gehäusen (${named}).`,
      mountings.has('Surface Mount') ? 'SMD-Teile lagern Sie unter 30 °C und 60 % relativer Feuchte im verschlossenen Beutel und löten sie nach dem Reflow-Profil gemäß J-STD-020; feuchteempfindliche Teile werden nach 168 Stunden außerhalb des Beutels getrocknet.' : '',
      mountings.has('Through Hole') ? 'Bedrahtete Teile werden wellen- oder handgelötet, höchstens 260 °C für 10 s an den Anschlüssen.' : '',
      mountings.has('Module') ? 'Module und Hutschienengeräte werden nicht gelötet: Ziehen Sie die Klemmen mit dem Drehmoment aus dem Datenblatt an.' : '',
    ],
    ja: [
      `当社の${type.noun.ja}には${packages.length}種類のパッケージ（${named}）があります。`,
      mountings.has('Surface Mount') ? '表面実装品は防湿袋のまま30 °C・相対湿度60 %以下で保管し、J-STD-020のリフロープロファイルではんだ付けしてください。吸湿性部品は開封後168時間を超えたらベーキングが必要です。' : '',
      mountings.has('Through Hole') ? 'リード品はフローまたは手はんだで、リード部260 °C・10秒以内で実装してください。' : '',
      mountings.has('Module') ? 'モジュールとDINレール品ははんだ付けせず、データシート記載のトルクで端子を締め付けてください。' : '',
    ],
    zh: [
      `本公司${type.noun.zh}有${packages.length}种封装（${named}）。`,
      mountings.has('Surface Mount') ? '贴片器件请在密封袋中于30 °C、相对湿度60 %以下存放，并按J-STD-020回流曲线焊接；湿敏器件拆袋超过168小时后须烘烤。' : '',
      mountings.has('Through Hole') ? '引线器件采用波峰焊或手工焊，引脚处最高260 °C、10秒。' : '',
      mountings.has('Module') ? '模块和DIN导轨器件无需焊接：请按数据表给出的扭矩拧紧端子。' : '',
    ],
  };
  return text[language].filter(Boolean).join(language === 'en' || language === 'de' ? ' ' : '');
}

/** Which of a family's parts can be sampled, counted. */
function samplesAnswer(type: ProductType, family: CatalogueDocument[], language: ContentLanguage): string {
  const eligible = family.filter((part) => part.fields.isparteligibleforsample === true).length;
  const total = family.length;
  const l2 = language === 'en' ? midSentence(type.l2.en) : type.l2[language];
  const text: Localized = {
    en: `Yes, for ${eligible} of our ${total} ${l2}: the product page of each of them has a sample request once you sign in, up to five parts per request. The others are sold through distributors in reels or packs.`,
    de: `Ja, für ${eligible} unserer ${total} ${l2}: Auf deren Produktseite können Sie nach der Anmeldung Muster anfordern, bis zu fünf Teile pro Anfrage. Die übrigen erhalten Sie über Distributoren auf Rolle oder in Packungen.`,
    ja: `はい、当社の${type.noun.ja}${total}品種のうち${eligible}品種はサンプルを請求できます。サインイン後に各製品ページから1回につき最大5品種まで請求でき、それ以外は販売代理店からリールまたはパックで購入いただけます。`,
    zh: `可以，本公司${total}个${type.noun.zh}型号中有${eligible}个可申请样品：登录后在其产品页面申请，每次最多五种。其余型号可通过分销商按卷盘或包装购买。`,
  };
  return text[language];
}

/** The questions each series answers from its own data: the ratings it covers, and what one of its part numbers says. */
const SERIES_FAQ: Array<{ key: string; question: Record<ContentLanguage, (f: SeriesFaqFacts) => string>; answer: Record<ContentLanguage, (f: SeriesFaqFacts) => string> }> = [
  {
    key: 'ratings',
    question: {
      en: (f) => `Which ${f.primary} ratings does the ${f.series} series cover?`,
      de: (f) => `Welche Werte für „${f.primary}“ deckt die Baureihe ${f.series} ab?`,
      ja: (f) => `${f.series}シリーズの${f.primary}の範囲を教えてください。`,
      zh: (f) => `${f.series}系列的${f.primary}范围是多少？`,
    },
    answer: {
      en: (f) => `The ${f.series} series has ${f.count} parts in the ${f.pack} package, from ${f.min} (${f.first}) to ${f.max} (${f.last}).${f.shared ? ` Every part has ${englishArticle(f.shared.label)} ${f.shared.label} of ${f.shared.value}.` : ''}`,
      de: (f) => `Die Baureihe ${f.series} umfasst ${f.count} Teile im Gehäuse ${f.pack}, von ${f.min} (${f.first}) bis ${f.max} (${f.last}).${f.shared ? ` Alle Teile haben den Kennwert „${f.shared.label}“ ${f.shared.value}.` : ''}`,
      ja: (f) => `${f.series}シリーズは${f.pack}パッケージで${f.count}品種あり、${f.min}（${f.first}）から${f.max}（${f.last}）までそろっています。${f.shared ? `全品種の${f.shared.label}は${f.shared.value}です。` : ''}`,
      zh: (f) => `${f.series}系列采用${f.pack}封装，共${f.count}个型号，从${f.min}（${f.first}）到${f.max}（${f.last}）。${f.shared ? `所有型号的${f.shared.label}均为${f.shared.value}。` : ''}`,
    },
  },
  {
    key: 'part-number',
    question: {
      en: (f) => `What does the part number ${f.part} tell me?`,
      de: (f) => `Was sagt die Artikelnummer ${f.part} aus?`,
      ja: (f) => `品番${f.part}は何を表していますか？`,
      zh: (f) => `料号${f.part}代表什么？`,
    },
    answer: {
      en: (f) => `${f.part} is a ${f.noun} of the ${f.series} series in the ${f.pack} package: the code after the series gives its ${f.primary}, ${f.value}.${f.suffix ? ` The suffix ${f.suffix} marks the variant.` : ''} The datasheet and the product page give all its ratings.`,
      de: (f) => `${f.part} gehört zur Baureihe ${f.series} (${f.noun}, Gehäuse ${f.pack}): Der Code nach der Baureihe nennt den Kennwert „${f.primary}“, ${f.value}.${f.suffix ? ` Das Suffix ${f.suffix} kennzeichnet die Variante.` : ''} Alle Kennwerte stehen im Datenblatt und auf der Produktseite.`,
      ja: (f) => `${f.part}は${f.series}シリーズの${f.noun}（${f.pack}パッケージ）です。シリーズ名に続くコードが${f.primary}（${f.value}）を示します。${f.suffix ? `末尾の${f.suffix}はバリエーションを示します。` : ''}すべての定格はデータシートと製品ページに記載しています。`,
      zh: (f) => `${f.part}是${f.series}系列的${f.noun}（${f.pack}封装）：系列名后的代码表示${f.primary}，即${f.value}。${f.suffix ? `后缀${f.suffix}表示型号变体。` : ''}完整额定值见数据表和产品页面。`,
    },
  },
  {
    key: 'package',
    question: {
      en: (f) => `How large is a part of the ${f.series} series, and is there a 3D model?`,
      de: (f) => `Wie groß ist ein Teil der Baureihe ${f.series}, und gibt es ein 3D-Modell?`,
      ja: (f) => `${f.series}シリーズの部品の大きさと3Dモデルの有無を教えてください。`,
      zh: (f) => `${f.series}系列器件的尺寸是多少？有3D模型吗？`,
    },
    answer: {
      en: (f) => `The ${f.series} series is made in the ${f.pack} package, whose body measures ${f.size}. Its product pages offer the STEP model of that body for your PCB layout, and the datasheet gives the land pattern.`,
      de: (f) => `Die Baureihe ${f.series} wird im Gehäuse ${f.pack} gefertigt, dessen Körper ${f.size} misst. Die Produktseiten bieten das STEP-Modell dieses Körpers für Ihr Leiterplattenlayout an, das Datenblatt nennt das Lötpad-Layout.`,
      ja: (f) => `${f.series}シリーズは${f.pack}パッケージで、本体寸法は${f.size}です。各製品ページでこの本体のSTEPモデルを基板設計用にダウンロードでき、ランドパターンはデータシートに記載しています。`,
      zh: (f) => `${f.series}系列采用${f.pack}封装，本体尺寸为${f.size}。产品页面提供该本体的STEP模型供PCB布局使用，焊盘图见数据表。`,
    },
  },
];

/**
 * The FAQs, per product family: how to choose one (written for the family, faq-content.ts), what
 * each parameter means and its range across the family, compliance, storage and samples, then the
 * questions the family's series answer from their own data, until each language has FAQ_ROWS.
 */
function faqDocuments(now: number, allSeries: Series[], products: readonly CatalogueDocument[]): CatalogueDocument[] {
  const docs: CatalogueDocument[] = [];
  const push = (type: ProductType, faqSlug: string, path: string, language: ContentLanguage, question: string, answer: string, date: number) =>
    docs.push({
      path: `/support/faq/${type.key}/${path}/${language}`,
      objecttype: 'FAQ',
      language,
      title: same(question),
      body: same(answer),
      // One page per question, the same address in every language (routes/support/faq/,-w-,).
      fields: { question_custom: question, answer_custom: answer, leveltwocategory: type.l2.en, levelonecategory: type.l1.en, date, producttype: type.key, slug: faqSlug, clickableuri: `/support/faq/${faqSlug}` },
    });
  const ofType = new Map<string, CatalogueDocument[]>();
  const partsOf = new Map<string, CatalogueDocument[]>();
  for (const product of products) {
    if (product.objecttype !== 'Product') continue;
    const l2 = String(product.fields.leveltwocategory);
    (ofType.get(l2) ?? ofType.set(l2, []).get(l2)!).push(product);
    const code = String(product.fields.series);
    (partsOf.get(code) ?? partsOf.set(code, []).get(code)!).push(product);
  }
  const numbers = (list: CatalogueDocument[], field: string) => list.map((part) => part.fields[field]).filter((value): value is number => typeof value === 'number');
  for (const type of PRODUCT_TYPES) {
    const primary = type.parameters.find((parameter) => parameter.field === type.primary)!;
    const family = ofType.get(type.l2.en) ?? [];
    FAQ_TEMPLATES.forEach((template, templateIndex) => {
      const parameters = template.perParameter ? type.parameters : [primary];
      parameters.forEach((parameter) => {
        const values = numbers(family, parameter.field);
        for (const language of CONTENT_LANGUAGES) {
          const english = language === 'en';
          const fill = (text: string) =>
            text
              .replaceAll('a {noun}', english ? `${englishArticle(type.noun.en)} {noun}` : 'a {noun}')
              .replaceAll('{noun}', type.noun[language])
              .replaceAll('{l2}', english ? midSentence(type.l2.en) : type.l2[language])
              .replaceAll('{parameter}', english ? midSentence(parameter.label.en) : parameter.label[language])
              .replaceAll('{primary}', english ? midSentence(primary.label.en) : primary.label[language])
              .replaceAll('{unit}', parameter.unit);
          const question = fill(template.question[language]);
          let answer = templateIndex === 0 ? SELECTION_ADVICE[type.key]![language] : templateIndex === 3 ? storageAnswer(type, family, language) : templateIndex === 4 ? samplesAnswer(type, family, language) : fill(template.answer[language]);
          // What a parameter means, and how far it runs across the family's parts.
          if (template.perParameter && values.length) {
            answer += RANGE_SENTENCE[language]({ l2: english ? midSentence(type.l2.en) : type.l2[language], noun: type.noun[language], min: localValue(Math.min(...values), parameter.unit, language), max: localValue(Math.max(...values), parameter.unit, language) });
          }
          push(type, `${type.key}-${templateIndex}-${slug(parameter.field)}`, `${templateIndex}-${parameter.field}`, language, question, answer, now - (templateIndex * 30 + type.parameters.indexOf(parameter)) * DAY);
        }
      });
    });
  }
  // The series' own questions, taken from each family in turn until each language has FAQ_ROWS.
  const perLanguage = docs.length / CONTENT_LANGUAGES.length;
  const queues = PRODUCT_TYPES.map((type) => {
    const primary = type.parameters.find((parameter) => parameter.field === type.primary)!;
    return allSeries
      .filter((one) => one.type.key === type.key && (partsOf.get(one.code)?.length ?? 0) >= 2)
      .flatMap((series) => SERIES_FAQ.map((kind, index) => ({ type, primary, series, kind, index })));
  });
  let left = Math.max(0, FAQ_ROWS - perLanguage);
  for (let round = 0; left > 0 && queues.some((queue) => round < queue.length); round += 1) {
    for (const queue of queues) {
      const next = queue[round];
      if (!next || left <= 0) continue;
      left -= 1;
      const { type, primary, series, kind, index } = next;
      const parts = partsOf.get(series.code)!;
      const values = numbers(parts, primary.field);
      const sharedField = type.parameters.find((parameter) => parameter.field !== primary.field && typeof parts[0]!.fields[parameter.field] === 'number' && new Set(parts.map((part) => part.fields[parameter.field])).size === 1);
      const middle = parts[Math.floor(parts.length / 2)]!;
      const reading = readPartNumber(middle.partNumber!).find((one) => one.series === series.code);
      const faqSlug = `${type.key}-series-${slug(series.code)}-${kind.key}`;
      for (const language of CONTENT_LANGUAGES) {
        const english = language === 'en';
        const facts: SeriesFaqFacts = {
          series: series.code,
          noun: series.type.noun[language],
          primary: english ? midSentence(primary.label.en) : primary.label[language],
          pack: packageLabel(series.package)[language],
          count: parts.length,
          min: localValue(Math.min(...values), primary.unit, language),
          max: localValue(Math.max(...values), primary.unit, language),
          first: parts[0]!.partNumber!,
          last: parts.at(-1)!.partNumber!,
          ...(sharedField ? { shared: { label: english ? midSentence(sharedField.label.en) : sharedField.label[language], value: localValue(Number(parts[0]!.fields[sharedField.field]), sharedField.unit, language) } } : {}),
          part: middle.partNumber!,
          value: localValue(Number(middle.fields[primary.field]), primary.unit, language),
          suffix: reading?.suffix ?? '',
          size: outlineText(series.package.name, language),
        };
        push(type, faqSlug, `series-${slug(series.code)}-${kind.key}`, language, kind.question[language](facts), kind.answer[language](facts), series.introduced + index * DAY);
      }
    }
  }
  return docs;
}

const NEWS_TEMPLATES: Array<{ title: Localized; lead: Localized }> = [
  {
    title: { en: 'Voltaris introduces the {series} series of {l2}', de: 'Voltaris stellt die Baureihe {series} ({l2}) vor', ja: 'Voltaris、{l2}の{series}シリーズを発表', zh: 'Voltaris推出{series}系列{l2}' },
    lead: {
      en: 'The new {series} series extends our range of {l2}. Samples, datasheets and CAD models are available now; volume production starts this quarter at our qualified plants.',
      de: 'Die neue Baureihe {series} erweitert unser Angebot an {l2}. Muster, Datenblätter und CAD-Modelle sind ab sofort erhältlich; die Serienfertigung in unseren qualifizierten Werken beginnt in diesem Quartal.',
      ja: '新しい{series}シリーズにより、当社の{l2}のラインアップがさらに充実しました。サンプル、データシート、CADモデルは本日より提供を開始し、量産は今四半期中に認定工場で開始します。',
      zh: '全新{series}系列进一步丰富了我们的{l2}产品线。样品、数据手册和CAD模型即日起提供，本季度将在通过认证的工厂开始量产。',
    },
  },
  {
    title: { en: '{series} {l2} now qualified to AEC-Q', de: '{l2} der Baureihe {series} jetzt nach AEC-Q qualifiziert', ja: '{series}シリーズ{l2}がAEC-Q認定を取得', zh: '{series}系列{l2}现已通过AEC-Q认证' },
    lead: {
      en: 'After 1,000 hours of temperature cycling, humidity and surge testing in our own laboratory, the {series} series has completed AEC-Q qualification and can be designed into automotive control units.',
      de: 'Nach 1.000 Stunden Temperaturwechsel-, Feuchte- und Stoßstromprüfung in unserem eigenen Labor hat die Baureihe {series} die AEC-Q-Qualifizierung abgeschlossen und kann in Kfz-Steuergeräten eingesetzt werden.',
      ja: '自社試験所での1,000時間にわたる温度サイクル試験、耐湿試験、サージ試験を経て、{series}シリーズはAEC-Q認定を完了しました。車載用制御ユニットへの採用が可能です。',
      zh: '经过自有实验室1,000小时的温度循环、湿度和浪涌测试，{series}系列已完成AEC-Q认证，可用于汽车控制单元设计。',
    },
  },
  {
    title: { en: 'Voltaris expands {l2} production capacity', de: 'Voltaris erweitert die Fertigungskapazität für {l2}', ja: 'Voltaris、{l2}の生産能力を拡大', zh: 'Voltaris扩大{l2}产能' },
    lead: {
      en: 'Two additional production lines for {l2} shorten lead times for the {series} series and its neighbours. Distributors receive allocations from next month.',
      de: 'Zwei zusätzliche Fertigungslinien für {l2} verkürzen die Lieferzeiten der Baureihe {series} und verwandter Baureihen. Distributoren erhalten ab dem kommenden Monat höhere Zuteilungen.',
      ja: '{l2}の生産ラインを2本増設し、{series}シリーズおよび関連シリーズのリードタイムを短縮します。販売代理店への割り当ては来月から拡大します。',
      zh: '新增两条{l2}生产线，缩短{series}系列及相关系列的交货周期。分销商自下月起可获得更多配额。',
    },
  },
];

/**
 * Each trade fair with its city and venue as each language names them, and when it is held: its
 * month, the nth weekday its first day falls on, how many days it runs, and whether it is held
 * every year or every other year (electronica in even years, productronica in odd ones).
 */
interface Fair {
  name: string;
  city: Localized;
  venue: Localized;
  /** 0 January ... 11 December. */
  month: number;
  /** 0 Sunday ... 6 Saturday, and which of them in the month (1 first); `onOrAfter` starts the count at that day. */
  weekday: number;
  nth: number;
  onOrAfter?: number;
  days: number;
  years?: 'even' | 'odd';
}
const MUNICH = { city: { en: 'Munich', de: 'München', ja: 'ミュンヘン', zh: '慕尼黑' }, venue: { en: 'Messe München', de: 'Messe München', ja: 'メッセ・ミュンヘン', zh: '慕尼黑国际博览中心' } };
const NUREMBERG = { city: { en: 'Nuremberg', de: 'Nürnberg', ja: 'ニュルンベルク', zh: '纽伦堡' }, venue: { en: 'NürnbergMesse', de: 'NürnbergMesse', ja: 'ニュルンベルク・メッセ', zh: '纽伦堡会展中心' } };
const FAIRS: Fair[] = [
  { name: 'electronica', ...MUNICH, month: 10, weekday: 2, nth: 2, days: 4, years: 'even' },
  { name: 'embedded world', ...NUREMBERG, month: 2, weekday: 2, nth: 2, days: 3 },
  { name: 'PCIM Europe', ...NUREMBERG, month: 4, weekday: 2, nth: 1, days: 3 },
  { name: 'APEC', city: { en: 'Long Beach', de: 'Long Beach', ja: 'ロングビーチ', zh: '长滩' }, venue: { en: 'Long Beach Convention Center', de: 'Long Beach Convention Center', ja: 'ロングビーチ・コンベンションセンター', zh: '长滩会议中心' }, month: 2, weekday: 0, nth: 3, days: 5 },
  // CES opens on the first Tuesday after New Year's week.
  { name: 'CES', city: { en: 'Las Vegas', de: 'Las Vegas', ja: 'ラスベガス', zh: '拉斯维加斯' }, venue: { en: 'Las Vegas Convention Center', de: 'Las Vegas Convention Center', ja: 'ラスベガス・コンベンションセンター', zh: '拉斯维加斯会展中心' }, month: 0, weekday: 2, nth: 1, onOrAfter: 5, days: 4 },
  { name: 'SPS', ...NUREMBERG, month: 10, weekday: 2, nth: 4, days: 3 },
  { name: 'Battery Show Europe', city: { en: 'Stuttgart', de: 'Stuttgart', ja: 'シュトゥットガルト', zh: '斯图加特' }, venue: { en: 'Messe Stuttgart', de: 'Messe Stuttgart', ja: 'メッセ・シュトゥットガルト', zh: '斯图加特展览中心' }, month: 5, weekday: 2, nth: 1, days: 3 },
  { name: 'Intersolar Europe', ...MUNICH, month: 5, weekday: 3, nth: 3, days: 3 },
  { name: 'productronica', ...MUNICH, month: 10, weekday: 2, nth: 3, days: 4, years: 'odd' },
  { name: 'ELEXCON', city: { en: 'Shenzhen', de: 'Shenzhen', ja: '深セン', zh: '深圳' }, venue: { en: 'Shenzhen Convention & Exhibition Center', de: 'Shenzhen Convention & Exhibition Center', ja: '深セン・コンベンション＆エキシビションセンター', zh: '深圳会展中心' }, month: 10, weekday: 3, nth: 1, days: 3 },
];

/** The first day (UTC midnight) of a fair in a year: the nth of its weekday in its month. */
export function fairStart(fair: Pick<Fair, 'month' | 'weekday' | 'nth' | 'onOrAfter'>, year: number): number {
  const from = Date.UTC(year, fair.month, fair.onOrAfter ?? 1);
  const offset = (fair.weekday - new Date(from).getUTCDay() + 7) % 7;
  return from + (offset + 7 * (fair.nth - 1)) * DAY;
}

const isoDay = (epoch: number) => new Date(epoch).toISOString().slice(0, 10);

/**
 * News and trade fairs, dated from `today` (the day the catalogue is generated): the newest news
 * items are days old whenever the site is started, and the fairs of the last two years and the
 * next one are listed, each once in its year, in its own month.
 */
function newsAndEvents(random: Random, allSeries: Series[], today: number): CatalogueDocument[] {
  const docs: CatalogueDocument[] = [];
  for (let index = 0; index < 80; index += 1) {
    const series = random.pick(allSeries);
    const template = NEWS_TEMPLATES[index % NEWS_TEMPLATES.length]!;
    // The three newest items fall in the last four weeks, as on any manufacturer's news page (same draws).
    const age = random.int(0, 1500);
    const date = today - (index < 3 ? age % 28 : age) * DAY;
    for (const language of CONTENT_LANGUAGES) {
      const fill = (text: string) => text.replaceAll('{series}', series.code).replaceAll('{l2}', series.type.l2[language]);
      const title = fill(template.title[language]);
      docs.push({
        path: `/company/news/${isoDay(date)}-${index}/${language}`,
        objecttype: 'News',
        language,
        title: same(title),
        body: same(`${fill(template.lead[language])} ${series.description[language]}`),
        // The item page; the index opens it in the document's own language (protocol/results.ts).
        fields: { date, newsdate: date, series: series.code, serieslink: series.path, leveltwocategory: series.type.l2.en, slug: String(index), clickableuri: `/company/news/${index}` },
      });
    }
  }
  const thisYear = new Date(today).getUTCFullYear();
  for (let year = thisYear - 2; year <= thisYear + 1; year += 1) {
    for (const event of FAIRS) {
      if (event.years && (year % 2 === 0) !== (event.years === 'even')) continue;
      const start = fairStart(event, year);
      // A hall and stand per fair, drawn from the catalogue's stream.
      const booth = `${random.pick(['A', 'B', 'C'])}${random.int(1, 6)}`;
      const name = `${event.name} ${year}`;
      // The same fair returns every year: its start day makes the address unique.
      const id = `${slug(event.name)}-${isoDay(start)}`;
      for (const language of CONTENT_LANGUAGES) {
        const city = event.city[language];
        const venue = event.venue[language];
        const text: Localized = {
          en: `Meet Voltaris at ${name} in ${city}: our application engineers show new circuit protection, sensing and power control parts at booth ${booth}, ${venue}.`,
          de: `Besuchen Sie Voltaris auf der ${name} in ${city}: Unsere Applikationsingenieure zeigen neue Bauteile für Schaltungsschutz, Sensorik und Leistungssteuerung an Stand ${booth}, ${venue}.`,
          ja: `${city}で開催される${name}のVoltarisブース（${venue}、ブース${booth}）へぜひお越しください。アプリケーションエンジニアが回路保護、センシング、パワー制御の新製品をご紹介します。`,
          zh: `欢迎莅临${city}${name} Voltaris展位（${venue}，展位号${booth}）。我们的应用工程师将展示电路保护、传感和功率控制领域的新产品。`,
        };
        docs.push({
          path: `/company/events/${id}/${language}`,
          objecttype: 'Event',
          language,
          title: same(name),
          body: same(text[language]),
          fields: { date: start, eventstartdate: start, eventenddate: start + (event.days - 1) * DAY, eventcity: city, eventvenue: venue, eventbooth: booth, slug: id, clickableuri: `/company/events/${id}` },
        });
      }
    }
  }
  return docs;
}

const PLANTS: Array<[string, string, string, string]> = [
  ['Dortmund Plant', 'Dortmund', 'Germany', 'Europe'],
  ['Munich Design Center', 'Munich', 'Germany', 'Europe'],
  ['Lviv Plant', 'Lviv', 'Ukraine', 'Europe'],
  ['Brno Plant', 'Brno', 'Czech Republic', 'Europe'],
  ['Chicago Headquarters', 'Chicago', 'United States', 'Americas'],
  ['Piedras Negras Plant', 'Piedras Negras', 'Mexico', 'Americas'],
  ['Champaign Design Center', 'Champaign', 'United States', 'Americas'],
  ['Suzhou Plant', 'Suzhou', 'China', 'Asia'],
  ['Dongguan Plant', 'Dongguan', 'China', 'Asia'],
  ['Wuxi Plant', 'Wuxi', 'China', 'Asia'],
  ['Kaohsiung Plant', 'Kaohsiung', 'Taiwan', 'Asia'],
  ['Yokohama Office', 'Yokohama', 'Japan', 'Asia'],
  ['Batangas Plant', 'Batangas', 'Philippines', 'Asia'],
  ['Bangalore Design Center', 'Bangalore', 'India', 'Asia'],
];

function pagesLocationsContacts(random: Random): CatalogueDocument[] {
  const docs: CatalogueDocument[] = [];
  // The design center's application pages, titled and summed up in each page's own language.
  for (const application of DESIGN_CENTER_APPLICATIONS) {
    const { market, indexName: equipment } = application;
    for (const language of CONTENT_LANGUAGES) {
      const name = application.name[language];
      const market_ = market.name[language];
      const text: Localized = {
        en: `${application.summary.en} Recommended parts, selection guide and application notes for ${name} (${market_}).`,
        de: `${application.summary.de} Empfohlene Bauteile, Auswahlhilfe und Applikationsschriften für ${name} (${market_}).`,
        ja: `${application.summary.ja}${name}（${market_}）向けの推奨部品、セレクションガイド、アプリケーションノート。`,
        zh: `${application.summary.zh}${name}（${market_}）的推荐器件、选型指南和应用笔记。`,
      };
      docs.push({
        path: `${applicationPath(application)}/${language}`,
        objecttype: 'Page',
        language,
        title: same(name),
        body: same(text[language]),
        fields: { pagetype: 'Application', market: [market.indexName], endequipment: [equipment], clickableuri: applicationPath(application) },
      });
    }
  }
  const companyPages: Array<[string, Localized]> = [
    ['about', { en: 'About Voltaris Components', de: 'Über Voltaris Components', ja: 'Voltaris Componentsについて', zh: '关于Voltaris Components' }],
    ['quality', { en: 'Quality and certifications', de: 'Qualität und Zertifizierungen', ja: '品質と認証', zh: '质量与认证' }],
    ['sustainability', { en: 'Sustainability', de: 'Nachhaltigkeit', ja: 'サステナビリティ', zh: '可持续发展' }],
    ['careers', { en: 'Careers', de: 'Karriere', ja: '採用情報', zh: '招贤纳士' }],
    ['investors', { en: 'Investor relations', de: 'Investor Relations', ja: '投資家情報', zh: '投资者关系' }],
    ['where-to-buy', { en: 'Where to buy', de: 'Bezugsquellen', ja: '購入方法', zh: '购买渠道' }],
    ['contact', { en: 'Contact us', de: 'Kontakt', ja: 'お問い合わせ', zh: '联系我们' }],
    ['supplier', { en: 'Supplier information', de: 'Informationen für Lieferanten', ja: 'サプライヤー情報', zh: '供应商信息' }],
  ];
  for (const [key, title] of companyPages) {
    for (const language of CONTENT_LANGUAGES) {
      docs.push({
        path: `/company/${key}/${language}`,
        objecttype: 'Page',
        language,
        title: same(title[language]),
        body: same(`${title[language]} – Voltaris Components.`),
        // The supplier information lives in the supplier area; /company/supplier only redirects there.
        fields: { pagetype: 'Company', clickableuri: key === 'supplier' ? '/supplier-area' : `/company/${key}` },
      });
    }
  }
  PLANTS.forEach(([name, city, country, region], index) => {
    docs.push({
      path: `/company/locations/${slug(name)}`,
      objecttype: 'Location',
      // Named in each language as the locations page names it ("Werk Dortmund", "ドルトムント工場").
      title: map(same(name), (text, language) => plantName(text, city, language)),
      body: map(same(name), (text, language) => `${plantName(text, city, language)}, ${placeName(city, language)}, ${countryName(country, language)}`),
      fields: {
        plantlocationname: name,
        plantregion: region,
        companyaddress_t: `${random.int(1, 200)} ${random.pick(['Industrial', 'Technology', 'Park', 'Harbour'])} Road`,
        companycity_t: city,
        companystate_t: '',
        companyzip_t: String(10000 + index * 731),
        companycountry_t: country,
        clickableuri: `/company/locations#${slug(name)}`,
      },
    });
  });
  const units = ['ESBU', 'Semiconductors', 'Sensing', 'Automotive', 'Industrial'];
  const countries: Array<[string, string, string]> = [
    ['Germany', 'DACH', 'Europe'],
    ['France', 'Western Europe', 'Europe'],
    ['United States', 'North America', 'Americas'],
    ['Brazil', 'South America', 'Americas'],
    ['China', 'Greater China', 'Asia'],
    ['Japan', 'Japan', 'Asia'],
    ['India', 'South Asia', 'Asia'],
    ['Korea', 'Korea', 'Asia'],
  ];
  for (const unit of [...units, 'Misc']) {
    for (const [country, region, geo] of countries) {
      const name = `${random.pick(['Anna', 'Ben', 'Chen', 'Daniela', 'Emil', 'Fumiko', 'Gita', 'Hiro', 'Ines', 'Jun'])} ${random.pick(['Meyer', 'Li', 'Sato', 'Garcia', 'Kumar', 'Park', 'Novak', 'Dubois'])}`;
      docs.push({
        path: `/company/contacts/${slug(unit)}/${slug(country)}`,
        objecttype: 'Contact',
        title: same(`${name} – ${unit}, ${country}`),
        body: same(`${unit} sales contact for ${country} (${region}).`),
        fields: {
          contactname: name,
          businessunit: unit,
          country,
          region,
          geo_region: geo,
          email: `${slug(name).replace('-', '.')}@voltaris.example`,
          // A number of the contact's country (standins/solr/phone-numbers.ts: checked with libphonenumber-js).
          phone: phoneNumberIn(random, country),
          // Where to buy in the contact's country: our sales office there (its anchor) and the distributors.
          clickableuri: `/company/where-to-buy#voltaris-${slug(country)}`,
        },
      });
    }
  }
  return docs;
}

export interface Catalogue {
  documents: CatalogueDocument[];
  seed: number;
  products: number;
}

/** A part not for new designs, or obsolete, names the active part that replaces it (`successor`). */
function linkSuccessors(documents: CatalogueDocument[]): void {
  const products = documents.filter((doc) => doc.objecttype === 'Product');
  const primaryOf = new Map(PRODUCT_TYPES.map((type) => [type.l2.en, type.primary]));
  const found = successors(
    products.map((doc) => ({
      partNumber: doc.partNumber!,
      l2: String(doc.fields.leveltwocategory),
      pack: String(doc.fields.package),
      primary: Number(doc.fields[primaryOf.get(String(doc.fields.leveltwocategory)) ?? ''] ?? 1),
      series: String(doc.fields.series),
      lifecycle: doc.fields.lifecycle as Lifecycle,
    })),
  );
  for (const doc of products) {
    const successor = found.get(doc.partNumber!);
    if (successor) doc.fields.successor = successor;
  }
}

/** UTC midnight of the day `at` falls on. */
export const startOfDay = (at: number) => Math.floor(at / DAY) * DAY;

export function generateCatalogue({ products, seed = DEFAULT_SEED, now = CATALOGUE_EPOCH, today = startOfDay(Date.now()) }: CatalogueOptions): Catalogue {
  const random = new Random(seed);
  const totalWeight = PRODUCT_TYPES.reduce((sum, type) => sum + type.weight, 0);
  const takenSeries = new Set<string>();
  const takenParts = new Set<string>();
  const allSeries: Series[] = [];
  const additionSeries: Series[] = [];
  const documents: CatalogueDocument[] = [];
  let remaining = products;
  PRODUCT_TYPES.forEach((type, typeIndex) => {
    const share = typeIndex === PRODUCT_TYPES.length - 1 ? remaining : Math.round((products * type.weight) / totalWeight);
    remaining -= share;
    // The additions first (series-rules.ts SERIES_ADDITIONS), an eighth of the share at most, so
    // that a small catalogue has some of them too, and not mostly them. Kept out of `allSeries`: the documents, news
    // and events drawn from the regular series stay as they were.
    const additionsBudget = Math.floor(share / 8);
    let additionsLeft = additionsBudget;
    const additions: CatalogueDocument[] = [];
    for (const addition of SERIES_ADDITIONS[type.key] ?? []) {
      if (additionsLeft <= 0 || takenSeries.has(addition.code)) continue;
      takenSeries.add(addition.code);
      const added = makeSeries(type, { code: addition.code, stem: addition.code, round: 0, stemIndex: 0 }, seed, now, addition);
      const made = productDocuments(added, 0, additionsLeft, takenParts);
      if (made.length) additionSeries.push(added);
      additionsLeft -= made.length;
      additions.push(...made);
    }
    // Series are added until their parts make the type's share; when the codes run out (only in
    // benchmark-sized catalogues) the series made so far take further variants (suffixes).
    const series: Series[] = [];
    const madeParts = new Set<Series>();
    const cursor = { attempt: 0 };
    let left = share - (additionsBudget - additionsLeft);
    while (left > 0) {
      const code = nextSeriesCode(type, takenSeries, cursor);
      if (!code) break;
      const one = makeSeries(type, code, seed, now);
      series.push(one);
      const made = productDocuments(one, 0, left, takenParts);
      if (made.length) madeParts.add(one);
      left -= made.length;
      documents.push(...made);
    }
    for (let variant = 1; variant < type.suffixes.length && left > 0; variant += 1) {
      for (const one of series) {
        if (left <= 0) break;
        const made = productDocuments(one, variant, left, takenParts);
        if (made.length) madeParts.add(one);
        left -= made.length;
        documents.push(...made);
      }
    }
    // Listed after the type's regular parts, which keep their places.
    documents.push(...additions);
    // A series whose every part number another series issued first made no parts: it has no
    // datasheet, notice or page to list (a datasheet of no parts is a stub, not a document).
    allSeries.push(...series.filter((one) => madeParts.has(one)));
  });
  linkSuccessors(documents);
  documents.push(...documentDocuments(random, allSeries, now, documents, additionSeries));
  documents.push(...faqDocuments(now, allSeries, documents));
  documents.push(...newsAndEvents(random, allSeries, today));
  documents.push(...pagesLocationsContacts(random));
  markTranslations(documents);
  return { documents, seed, products: documents.filter((doc) => doc.objecttype === 'Product').length };
}

/**
 * The letter the content host files a document under in the library's A to Z index (the index's
 * `libraryletter` field): its first letter A to Z once accents are dropped, '#' for anything else.
 */
function indexLetterOf(name: string): string {
  const first = name.trim().normalize('NFD').replace(/[\u0300-\u036f]/g, '').charAt(0).toUpperCase();
  return first >= 'A' && first <= 'Z' ? first : '#';
}
