import { DEFAULT_CATEGORY_FACET_VALUES, DEFAULT_FACET_VALUES, RANGE_FACET_VALUES } from '~/lib/search-constants.ts';
import type { SearchFacetDefinition, SearchSectionDefinition } from './definitions.ts';

/**
 * The search tabs and scopes of REQ-SEARCH-2, REQ-SEARCH-3, each with its expression, facets and labels in the four
 * languages. No other file lists a tab or a scope: adding one is adding it here.
 */

const facet = (id: string, field: string, label: SearchFacetDefinition['label'], extra: Partial<SearchFacetDefinition> = {}): SearchFacetDefinition => ({
  id,
  field,
  type: 'specific',
  numberOfValues: DEFAULT_FACET_VALUES,
  label,
  ...extra,
});

export const FACETS = {
  category: facet('category', 'categorypath', { en: 'Category', de: 'Kategorie', 'ja-jp': 'カテゴリ', zh: '类别' }, { type: 'hierarchical', numberOfValues: DEFAULT_CATEGORY_FACET_VALUES, delimitingCharacter: '|' }),
  levelOne: facet('levelonecategory', 'levelonecategory', { en: 'Technology', de: 'Technologie', 'ja-jp': 'テクノロジー', zh: '技术' }),
  subcategory: facet('subcategoryfacet', 'subcategoryfacet', { en: 'Product type', de: 'Produktart', 'ja-jp': '製品タイプ', zh: '产品类型' }),
  series: facet('series', 'series', { en: 'Series', de: 'Baureihe', 'ja-jp': 'シリーズ', zh: '系列' }),
  market: facet('market', 'market', { en: 'Market', de: 'Markt', 'ja-jp': '市場', zh: '市场' }),
  endEquipment: facet('endequipment', 'endequipment', { en: 'End equipment', de: 'Endgerät', 'ja-jp': '最終製品', zh: '终端设备' }),
  technologies: facet('producttechnologies', 'producttechnologies', { en: 'Product technology', de: 'Produkttechnologie', 'ja-jp': '製品技術', zh: '产品技术' }),
  resourceType: facet('resourcetype', 'resourcetype', { en: 'Document type', de: 'Dokumentart', 'ja-jp': '資料の種類', zh: '文档类型' }),
  assetLanguage: facet('assetlanguage', 'assetlanguage', { en: 'Document language', de: 'Dokumentsprache', 'ja-jp': '資料の言語', zh: '文档语言' }),
  contentType: facet('objecttype', 'objecttype', { en: 'Content type', de: 'Inhaltsart', 'ja-jp': 'コンテンツの種類', zh: '内容类型' }),
  inStock: facet('checkstock', 'checkstock', { en: 'In stock', de: 'Auf Lager', 'ja-jp': '在庫あり', zh: '有库存' }),
  sampleEligible: facet('isparteligibleforsample', 'isparteligibleforsample', { en: 'Samples available', de: 'Muster erhältlich', 'ja-jp': 'サンプル提供可', zh: '可申请样品' }),
  ratedCurrent: facet('ratedcurrent', 'ratedcurrent', { en: 'Rated current', de: 'Nennstrom', 'ja-jp': '定格電流', zh: '额定电流' }, { type: 'numericalRange', numberOfValues: RANGE_FACET_VALUES, unit: 'A' }),
  ratedVoltage: facet('ratedvoltage', 'ratedvoltage', { en: 'Rated voltage', de: 'Nennspannung', 'ja-jp': '定格電圧', zh: '额定电压' }, { type: 'numericalRange', numberOfValues: RANGE_FACET_VALUES, unit: 'V' }),
  date: facet('date', 'date', { en: 'Date', de: 'Datum', 'ja-jp': '日付', zh: '日期' }, { type: 'dateRange', numberOfValues: RANGE_FACET_VALUES }),
  country: facet('country', 'country', { en: 'Country', de: 'Land', 'ja-jp': '国', zh: '国家' }),
  businessUnit: facet('businessunit', 'businessunit', { en: 'Business unit', de: 'Geschäftsbereich', 'ja-jp': '事業部', zh: '业务部门' }),
} satisfies Record<string, SearchFacetDefinition>;

/** REQ-SEARCH-2: search tabs. */
export const SEARCH_TABS: SearchSectionDefinition[] = [
  {
    id: 'mainsearch',
    expression: '',
    facets: [FACETS.contentType, FACETS.category, FACETS.market, FACETS.ratedCurrent, FACETS.ratedVoltage, FACETS.resourceType, FACETS.assetLanguage, FACETS.date],
    label: { en: 'All results', de: 'Alle Ergebnisse', 'ja-jp': 'すべての結果', zh: '全部结果' },
  },
  {
    id: 'parametric',
    expression: '@objecttype==Product',
    facets: [FACETS.category, FACETS.subcategory, FACETS.series, FACETS.ratedCurrent, FACETS.ratedVoltage, FACETS.market, FACETS.endEquipment, FACETS.technologies, FACETS.inStock, FACETS.sampleEligible],
    label: { en: 'Products', de: 'Produkte', 'ja-jp': '製品', zh: '产品' },
  },
  {
    id: 'designcenter',
    expression: '@pagetype==Application OR @resourcetype==("Application Note","Technical Paper")',
    facets: [FACETS.market, FACETS.endEquipment, FACETS.resourceType, FACETS.levelOne],
    label: { en: 'Design Center', de: 'Design-Center', 'ja-jp': 'デザインセンター', zh: '设计中心' },
  },
  {
    id: 'whereToBuy',
    expression: '@objecttype==(Contact,Location)',
    facets: [FACETS.country, FACETS.businessUnit],
    label: { en: 'Where to buy', de: 'Bezugsquellen', 'ja-jp': '購入方法', zh: '购买渠道' },
  },
];

/** REQ-SEARCH-3: search scopes (the header search box's choice). */
export const SEARCH_SCOPES: SearchSectionDefinition[] = [
  {
    id: 'products',
    expression: '@objecttype==Product',
    facets: [FACETS.category, FACETS.series, FACETS.ratedCurrent, FACETS.ratedVoltage, FACETS.market, FACETS.inStock],
    label: { en: 'Products', de: 'Produkte', 'ja-jp': '製品', zh: '产品' },
  },
  {
    id: 'applications',
    expression: '@pagetype==Application',
    facets: [FACETS.market, FACETS.endEquipment],
    label: { en: 'Applications', de: 'Anwendungen', 'ja-jp': 'アプリケーション', zh: '应用' },
  },
  {
    id: 'designcenter',
    expression: '@resourcetype==("Application Note","Technical Paper")',
    facets: [FACETS.market, FACETS.resourceType],
    label: { en: 'Design Center', de: 'Design-Center', 'ja-jp': 'デザインセンター', zh: '设计中心' },
  },
  {
    id: 'technicaldocuments',
    expression: '@objecttype==Document',
    facets: [FACETS.resourceType, FACETS.assetLanguage, FACETS.levelOne, FACETS.date],
    label: { en: 'Technical Documents', de: 'Technische Dokumente', 'ja-jp': '技術資料', zh: '技术文档' },
  },
  {
    id: 'company',
    expression: '@objecttype==(News,Event,Location,Contact) OR @pagetype==Company',
    facets: [FACETS.contentType, FACETS.date],
    label: { en: 'Company', de: 'Unternehmen', 'ja-jp': '企業情報', zh: '公司信息' },
  },
];
