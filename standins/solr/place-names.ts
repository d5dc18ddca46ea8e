import type { ContentLanguage } from '@voltaris/catalogue/taxonomy';

/**
 * Place names of the where-to-buy and plant-location cores in each content language, as a
 * multilingual Solr index holds one document per language: countries by their ISO code (the
 * runtime's CLDR names), regions and cities from the tables below. Streets and postcodes stay as
 * the country's post writes them.
 */

const INTL_TAG: Record<ContentLanguage, string> = { en: 'en', de: 'de', ja: 'ja', zh: 'zh-CN' };

/** ISO 3166 codes of the countries the cores name (English name as the generator writes it). */
export const COUNTRY_CODES: Record<string, string> = {
  Germany: 'DE',
  France: 'FR',
  'United Kingdom': 'GB',
  Italy: 'IT',
  Ukraine: 'UA',
  'Czech Republic': 'CZ',
  'United States': 'US',
  Canada: 'CA',
  Mexico: 'MX',
  Brazil: 'BR',
  China: 'CN',
  Japan: 'JP',
  Korea: 'KR',
  India: 'IN',
  Taiwan: 'TW',
  Singapore: 'SG',
  Philippines: 'PH',
};

const displayNames = new Map<ContentLanguage, Intl.DisplayNames>();

export function countryName(country: string, language: ContentLanguage): string {
  const code = COUNTRY_CODES[country];
  if (!code || language === 'en') return country;
  let names = displayNames.get(language);
  if (!names) displayNames.set(language, (names = new Intl.DisplayNames([INTL_TAG[language]], { type: 'region' })));
  return names.of(code) ?? country;
}

type Names = Record<Exclude<ContentLanguage, 'en'>, string>;

const REGIONS: Record<string, Names> = {
  Europe: { de: 'Europa', ja: 'ヨーロッパ', zh: '欧洲' },
  Americas: { de: 'Amerika', ja: '南北アメリカ', zh: '美洲' },
  Asia: { de: 'Asien', ja: 'アジア', zh: '亚洲' },
};

/** Cities and states of the sales offices and plants. */
const PLACES: Record<string, Names> = {
  Munich: { de: 'München', ja: 'ミュンヘン', zh: '慕尼黑' },
  Bavaria: { de: 'Bayern', ja: 'バイエルン州', zh: '巴伐利亚州' },
  Lyon: { de: 'Lyon', ja: 'リヨン', zh: '里昂' },
  'Auvergne-Rhône-Alpes': { de: 'Auvergne-Rhône-Alpes', ja: 'オーヴェルニュ＝ローヌ＝アルプ地域圏', zh: '奥弗涅-罗讷-阿尔卑斯大区' },
  Reading: { de: 'Reading', ja: 'レディング', zh: '雷丁' },
  Berkshire: { de: 'Berkshire', ja: 'バークシャー', zh: '伯克郡' },
  Milan: { de: 'Mailand', ja: 'ミラノ', zh: '米兰' },
  Lombardy: { de: 'Lombardei', ja: 'ロンバルディア州', zh: '伦巴第大区' },
  Chicago: { de: 'Chicago', ja: 'シカゴ', zh: '芝加哥' },
  Illinois: { de: 'Illinois', ja: 'イリノイ州', zh: '伊利诺伊州' },
  Toronto: { de: 'Toronto', ja: 'トロント', zh: '多伦多' },
  Ontario: { de: 'Ontario', ja: 'オンタリオ州', zh: '安大略省' },
  Monterrey: { de: 'Monterrey', ja: 'モンテレイ', zh: '蒙特雷' },
  'Nuevo León': { de: 'Nuevo León', ja: 'ヌエボ・レオン州', zh: '新莱昂州' },
  'São Paulo': { de: 'São Paulo', ja: 'サンパウロ', zh: '圣保罗' },
  Shanghai: { de: 'Shanghai', ja: '上海', zh: '上海' },
  Yokohama: { de: 'Yokohama', ja: '横浜', zh: '横滨' },
  Kanagawa: { de: 'Kanagawa', ja: '神奈川県', zh: '神奈川县' },
  Seoul: { de: 'Seoul', ja: 'ソウル', zh: '首尔' },
  Bangalore: { de: 'Bangalore', ja: 'バンガロール', zh: '班加罗尔' },
  Karnataka: { de: 'Karnataka', ja: 'カルナータカ州', zh: '卡纳塔克邦' },
  Taipei: { de: 'Taipeh', ja: '台北', zh: '台北' },
  Singapore: { de: 'Singapur', ja: 'シンガポール', zh: '新加坡' },
  Dortmund: { de: 'Dortmund', ja: 'ドルトムント', zh: '多特蒙德' },
  Lviv: { de: 'Lwiw', ja: 'リヴィウ', zh: '利沃夫' },
  Brno: { de: 'Brünn', ja: 'ブルノ', zh: '布尔诺' },
  'Piedras Negras': { de: 'Piedras Negras', ja: 'ピエドラス・ネグラス', zh: '彼德拉斯内格拉斯' },
  Champaign: { de: 'Champaign', ja: 'シャンペーン', zh: '香槟市' },
  Suzhou: { de: 'Suzhou', ja: '蘇州', zh: '苏州' },
  Dongguan: { de: 'Dongguan', ja: '東莞', zh: '东莞' },
  Wuxi: { de: 'Wuxi', ja: '無錫', zh: '无锡' },
  Kaohsiung: { de: 'Kaohsiung', ja: '高雄', zh: '高雄' },
  Batangas: { de: 'Batangas', ja: 'バタンガス', zh: '八打雁' },
};

/** Streets of the offices in China, Japan, Korea and Taiwan, as Japanese and Chinese readers write them. */
const STREETS: Record<string, Names> = {
  'Century Avenue': { de: 'Century Avenue', ja: '世紀大道', zh: '世纪大道' },
  'Zhangjiang Road': { de: 'Zhangjiang Road', ja: '張江路', zh: '张江路' },
  Minatomirai: { de: 'Minatomirai', ja: 'みなとみらい', zh: '港未来' },
  'Shin-Yokohama': { de: 'Shin-Yokohama', ja: '新横浜', zh: '新横滨' },
  'Teheran-ro': { de: 'Teheran-ro', ja: 'テヘラン路', zh: '德黑兰路' },
  'Gangnam-daero': { de: 'Gangnam-daero', ja: '江南大路', zh: '江南大路' },
  'Ruiguang Road': { de: 'Ruiguang Road', ja: '瑞光路', zh: '瑞光路' },
  'Neihu Road': { de: 'Neihu Road', ja: '内湖路', zh: '内湖路' },
};

/** A street address ("Century Avenue 88") with the street in the language where the table has it. */
export function streetName(address: string, language: ContentLanguage): string {
  if (language === 'en') return address;
  for (const [street, names] of Object.entries(STREETS)) if (address.includes(street)) return address.replace(street, names[language]);
  return address;
}

export function regionName(region: string, language: ContentLanguage): string {
  return language === 'en' ? region : (REGIONS[region]?.[language] ?? region);
}

export function placeName(place: string, language: ContentLanguage): string {
  return language === 'en' || !place ? place : (PLACES[place]?.[language] ?? place);
}

/** "Dortmund Plant" in each language, by the kind of site its English name ends with. */
const SITE_KINDS: Array<[RegExp, Names]> = [
  [/ Plant$/, { de: 'Werk {city}', ja: '{city}工場', zh: '{city}工厂' }],
  [/ Design Center$/, { de: 'Designcenter {city}', ja: '{city}デザインセンター', zh: '{city}设计中心' }],
  [/ Headquarters$/, { de: 'Hauptsitz {city}', ja: '{city}本社', zh: '{city}总部' }],
  [/ Office$/, { de: 'Niederlassung {city}', ja: '{city}オフィス', zh: '{city}办事处' }],
];

export function plantName(name: string, city: string, language: ContentLanguage): string {
  if (language === 'en') return name;
  const kind = SITE_KINDS.find(([pattern]) => pattern.test(name));
  return kind ? kind[1][language].replace('{city}', placeName(city, language)) : name;
}

/** The sales office's name: the company and the country it serves. */
export function salesOfficeName(country: string, language: ContentLanguage): string {
  const local = countryName(country, language);
  return { en: `Voltaris Components ${local}`, de: `Voltaris Components ${local}`, ja: `Voltaris Components ${local}営業所`, zh: `Voltaris Components ${local}销售处` }[language];
}
