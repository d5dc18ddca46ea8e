import type { DocumentList } from '../search/document-list.ts';
import { Random } from '../search/catalogue/random.ts';
import { CONTENT_LANGUAGES, PRODUCT_TYPES, slug, type ContentLanguage } from '@voltaris/catalogue/taxonomy';
import { COUNTRY_CODES, countryName, placeName, plantName, regionName, salesOfficeName, streetName } from './place-names.ts';
import { phoneNumberIn } from './phone-numbers.ts';
import type { CoreSchema, SolrDoc } from './select.ts';

/**
 * The stand-in's six cores, made from the search index's generated documents so that a FAQ, a news
 * item or a contact is the same thing on a list page and in a search result. Content that exists
 * in every language (plants, contacts, where-to-buy) has one document per language, as a real
 * multilingual Solr index keeps them: every document has `id` and `language`.
 */

export type CoreName = 'faq' | 'news' | 'events' | 'wheretobuy' | 'locations' | 'contactus_details';

export const CORE_SCHEMAS: Record<CoreName, CoreSchema> = {
  faq: { text: ['question_custom', 'answer_custom'], fields: ['levelonecategory', 'leveltwocategory', 'producttype', 'producttypename', 'date', 'slug'] },
  news: { text: ['title', 'body'], fields: ['date', 'series', 'serieslink', 'leveltwocategory', 'slug'] },
  events: { text: ['title', 'body'], fields: ['eventstartdate', 'eventenddate', 'eventcity', 'eventvenue', 'eventbooth', 'slug'] },
  wheretobuy: {
    text: ['name', 'companyaddress_t', 'companycity_t', 'companystate_t', 'companyzip_t', 'companycountry_t'],
    fields: ['kind', 'region', 'regioncode', 'country', 'countrycode', 'phone', 'url', 'producturl', 'email', 'slug'],
  },
  locations: {
    text: ['plantlocationname', 'companyaddress_t', 'companycity_t', 'companystate_t', 'companyzip_t', 'companycountry_t'],
    fields: ['region', 'regioncode', 'country', 'countrycode', 'city', 'resourceurl', 'slug'],
  },
  contactus_details: { text: ['contactname'], fields: ['businessunit', 'country', 'region', 'geo_region', 'email', 'phone', 'products', 'applications', 'slug'] },
};

/** Solr dates: ISO 8601 in UTC, whole seconds. */
const solrDate = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

const lastSegment = (uri: unknown) => String(uri ?? '').split(/[/#]/).pop() ?? '';
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Venues of the fairs' cities (the index names only the city). */
const VENUES: Record<string, string> = {
  Munich: 'Messe München',
  Nuremberg: 'NürnbergMesse',
  'Las Vegas': 'Las Vegas Convention Center',
  Shanghai: 'Shanghai New International Expo Centre',
  Tokyo: 'Tokyo Big Sight',
  Stuttgart: 'Messe Stuttgart',
  'Long Beach': 'Long Beach Convention Center',
  Shenzhen: 'Shenzhen World Exhibition & Convention Center',
};

/** Which products and applications each business unit answers for (contact us, by topic). */
const UNIT_TOPICS: Record<string, { products: string[]; applications: string[] }> = {
  ESBU: { products: ['circuit-protection'], applications: [] },
  Semiconductors: { products: ['power-control'], applications: [] },
  Sensing: { products: ['sensing'], applications: [] },
  Automotive: { products: [], applications: ['automotive'] },
  Industrial: { products: [], applications: ['industrial'] },
  Misc: { products: [], applications: [] },
};

interface Office {
  country: string;
  region: string;
  city: string;
  state: string;
  zip: string;
  street: string;
  /** Another street of the city, for the distributors there. */
  nearby: string;
  domain: string;
}

const OFFICES: Office[] = [
  { country: 'Germany', region: 'Europe', city: 'Munich', state: 'Bavaria', zip: '80807', street: 'Leopoldstraße', nearby: 'Frankfurter Ring', domain: 'de' },
  { country: 'France', region: 'Europe', city: 'Lyon', state: 'Auvergne-Rhône-Alpes', zip: '69003', street: 'Rue de la Villette', nearby: 'Rue Garibaldi', domain: 'fr' },
  { country: 'United Kingdom', region: 'Europe', city: 'Reading', state: 'Berkshire', zip: 'RG2 6UB', street: 'Arlington Business Park', nearby: 'Basingstoke Road', domain: 'co.uk' },
  { country: 'Italy', region: 'Europe', city: 'Milan', state: 'Lombardy', zip: '20124', street: 'Via Vittor Pisani', nearby: 'Via Gallarate', domain: 'it' },
  { country: 'United States', region: 'Americas', city: 'Chicago', state: 'Illinois', zip: '60631', street: 'West Higgins Road', nearby: 'North Cumberland Avenue', domain: 'com' },
  { country: 'Canada', region: 'Americas', city: 'Toronto', state: 'Ontario', zip: 'M5J 2N8', street: 'Bay Street', nearby: 'Commissioners Street', domain: 'ca' },
  { country: 'Mexico', region: 'Americas', city: 'Monterrey', state: 'Nuevo León', zip: '64000', street: 'Avenida Constitución', nearby: 'Avenida Ruiz Cortines', domain: 'com.mx' },
  { country: 'Brazil', region: 'Americas', city: 'São Paulo', state: 'São Paulo', zip: '04578-000', street: 'Avenida das Nações Unidas', nearby: 'Rua Funchal', domain: 'com.br' },
  { country: 'China', region: 'Asia', city: 'Shanghai', state: 'Shanghai', zip: '200120', street: 'Century Avenue', nearby: 'Zhangjiang Road', domain: 'cn' },
  { country: 'Japan', region: 'Asia', city: 'Yokohama', state: 'Kanagawa', zip: '220-8120', street: 'Minatomirai', nearby: 'Shin-Yokohama', domain: 'jp' },
  { country: 'Korea', region: 'Asia', city: 'Seoul', state: 'Seoul', zip: '06164', street: 'Teheran-ro', nearby: 'Gangnam-daero', domain: 'kr' },
  { country: 'India', region: 'Asia', city: 'Bangalore', state: 'Karnataka', zip: '560066', street: 'Whitefield Road', nearby: 'ITPL Main Road', domain: 'in' },
  { country: 'Taiwan', region: 'Asia', city: 'Taipei', state: 'Taipei', zip: '114', street: 'Ruiguang Road', nearby: 'Neihu Road', domain: 'tw' },
  { country: 'Singapore', region: 'Asia', city: 'Singapore', state: '', zip: '486048', street: 'Changi Business Park Crescent', nearby: 'Tampines Industrial Avenue', domain: 'sg' },
];

/** The house number before the street where the country's post writes it so. */
const NUMBER_FIRST = new Set(['United States', 'Canada', 'United Kingdom', 'France', 'India', 'Singapore']);
const streetAddress = (office: Office, number: number) => (NUMBER_FIRST.has(office.country) ? `${number} ${office.street}` : `${office.street} ${number}`);

/** The authorised distributors of each region: the global ones everywhere, the regional ones at home. */
const GLOBAL_DISTRIBUTORS = ['Northbridge Electronics', 'Arcline Components', 'Keystone Electronic Distribution', 'Orion Component Source'];
const REGIONAL_DISTRIBUTORS: Record<string, string[]> = {
  Europe: ['Halden & Weiss Bauelemente'],
  Americas: ['Meridian Parts Supply'],
  Asia: ['Pacific Rim Semiconductor Supply'],
};
const distributorsOf = (region: string) => [...GLOBAL_DISTRIBUTORS, ...(REGIONAL_DISTRIBUTORS[region] ?? [])];

/**
 * Where each distributor's shop shows one part, `{partNumber}` standing for it (decision 0173): the
 * stock service links "Buy at ..." there. Each shop has its own path, as real distributors do.
 */
const PRODUCT_PATHS: Record<string, string> = {
  'Northbridge Electronics': '/product/{partNumber}',
  'Arcline Components': '/search?keyword={partNumber}',
  'Keystone Electronic Distribution': '/products/detail/voltaris/{partNumber}',
  'Orion Component Source': '/p/voltaris-{partNumber}',
  'Halden & Weiss Bauelemente': '/artikel/{partNumber}',
  'Meridian Parts Supply': '/parts/{partNumber}',
  'Pacific Rim Semiconductor Supply': '/item?mpn={partNumber}',
};

/**
 * Where to buy: a sales office per country and two authorised distributors there, generated from a
 * fixed seed (the search index has no distributor records).
 */
function whereToBuy(): Array<Omit<SolrDoc, 'id' | 'language'>> {
  const random = new Random(4711);
  const entries: Array<Omit<SolrDoc, 'id' | 'language'>> = [];
  for (const office of OFFICES) {
    const phone = () => phoneNumberIn(random, office.country);
    entries.push({
      slug: `voltaris-${slug(office.country)}`,
      name: `Voltaris Components ${office.country}`,
      kind: 'salesoffice',
      region: office.region,
      country: office.country,
      companyaddress_t: streetAddress(office, random.int(1, 180)),
      companycity_t: office.city,
      companystate_t: office.state,
      companyzip_t: office.zip,
      companycountry_t: office.country,
      phone: phone(),
      email: `sales.${slug(office.country).replaceAll('-', '')}@voltaris.example`,
      // Our own offices are written to through the contact page.
      url: '/company/contact',
    });
    for (const name of random.some(distributorsOf(office.region), 2)) {
      entries.push({
        slug: `${slug(name)}-${slug(office.country)}`,
        name,
        kind: 'distributor',
        region: office.region,
        country: office.country,
        // A distributor near our office, on a street of that city as its post writes it.
        companyaddress_t: streetAddress({ ...office, street: office.nearby }, random.int(2, 400)),
        companycity_t: office.city,
        companystate_t: office.state,
        companyzip_t: office.zip,
        companycountry_t: office.country,
        phone: phone(),
        email: `orders@${slug(name)}.example`,
        url: `https://www.${slug(name)}.example/${office.domain}`,
        producturl: `https://www.${slug(name)}.example/${office.domain}${PRODUCT_PATHS[name] ?? '/search?q={partNumber}'}`,
      });
    }
  }
  return entries;
}

/**
 * The distributors where-to-buy lists in each of its regions (Europe, Americas, Asia), most
 * countries first: the stock service answers with the same companies (standins/stock).
 */
export function whereToBuyDistributors(): Record<string, string[]> {
  const counts = new Map<string, Map<string, number>>();
  for (const entry of whereToBuy()) {
    if (entry.kind !== 'distributor') continue;
    const region = text(entry.region);
    const byName = counts.get(region) ?? counts.set(region, new Map()).get(region)!;
    byName.set(text(entry.name), (byName.get(text(entry.name)) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].map(([region, byName]) => [region, [...byName].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name)]));
}

/** A distributor's product page URL pattern in a where-to-buy region (its first country there); undefined for a company not listed. */
export function distributorProductUrlPattern(region: string, name: string): string | undefined {
  const entry = whereToBuy().find((candidate) => candidate.kind === 'distributor' && text(candidate.region) === region && text(candidate.name) === name);
  return entry ? text(entry.producturl) : undefined;
}

/** One document per language whose fields are written in that language. */
function localized(prefix: string, docSlug: string, fields: (language: ContentLanguage) => Omit<SolrDoc, 'id' | 'language' | 'slug'>): SolrDoc[] {
  return CONTENT_LANGUAGES.map((language) => ({ ...fields(language), slug: docSlug, id: `${prefix}-${docSlug}-${language}`, language }) as SolrDoc);
}

function perLanguage(prefix: string, fields: Omit<SolrDoc, 'id' | 'language'> & { slug: string }): SolrDoc[] {
  return CONTENT_LANGUAGES.map((language) => ({ ...fields, id: `${prefix}-${fields.slug}-${language}`, language }) as SolrDoc);
}

export function buildCores(documents: DocumentList): Record<CoreName, SolrDoc[]> {
  const cores: Record<CoreName, SolrDoc[]> = { faq: [], news: [], events: [], wheretobuy: [], locations: [], contactus_details: [] };
  const typeByKey = new Map(PRODUCT_TYPES.map((type) => [type.key, type]));
  const typeByName = new Map(PRODUCT_TYPES.map((type) => [type.l2.en, type]));
  for (const doc of documents) {
    const f = doc.fields;
    const language = doc.language as ContentLanguage | undefined;
    switch (doc.objecttype) {
      case 'FAQ': {
        if (!language) break;
        const type = typeByKey.get(text(f.producttype)) ?? typeByName.get(text(f.leveltwocategory));
        const faqSlug = text(f.slug) || lastSegment(f.clickableuri);
        cores.faq.push({
          id: `faq-${faqSlug}-${language}`,
          language,
          question_custom: text(f.question_custom),
          answer_custom: text(f.answer_custom),
          levelonecategory: text(f.levelonecategory),
          leveltwocategory: text(f.leveltwocategory),
          producttype: type?.key ?? slug(text(f.leveltwocategory)),
          producttypename: type?.l2[language] ?? text(f.leveltwocategory),
          date: solrDate(Number(f.date)),
          slug: faqSlug,
        });
        break;
      }
      case 'News': {
        if (!language) break;
        const newsSlug = text(f.slug) || lastSegment(f.clickableuri);
        cores.news.push({
          id: `news-${newsSlug}-${language}`,
          language,
          title: doc.title[language],
          body: doc.body[language],
          date: solrDate(Number(f.newsdate ?? f.date)),
          series: text(f.series),
          serieslink: text(f.serieslink),
          leveltwocategory: text(f.leveltwocategory),
          slug: newsSlug,
        });
        break;
      }
      case 'Event': {
        if (!language) break;
        const eventSlug = text(f.slug) || lastSegment(f.clickableuri);
        const start = Number(f.eventstartdate ?? f.date);
        const city = text(f.eventcity);
        cores.events.push({
          id: `event-${eventSlug}-${language}`,
          language,
          title: doc.title[language],
          body: doc.body[language],
          eventstartdate: solrDate(start),
          eventenddate: solrDate(Number(f.eventenddate ?? start)),
          eventcity: city,
          eventvenue: text(f.eventvenue) || VENUES[city] || city,
          eventbooth: text(f.eventbooth),
          slug: eventSlug,
        });
        break;
      }
      case 'Location': {
        const locationSlug = lastSegment(doc.path);
        const city = text(f.companycity_t);
        const country = text(f.companycountry_t);
        const region = text(f.plantregion);
        cores.locations.push(
          ...localized('location', locationSlug, (language) => ({
            plantlocationname: plantName(text(f.plantlocationname), city, language),
            region: regionName(region, language),
            regioncode: slug(region),
            country: countryName(country, language),
            countrycode: COUNTRY_CODES[country] ?? '',
            city: placeName(city, language),
            // The plant's address on the site, as the search index names it (its entry on the locations page).
            resourceurl: text(f.clickableuri),
            companyaddress_t: text(f.companyaddress_t),
            companycity_t: placeName(city, language),
            companystate_t: placeName(text(f.companystate_t), language),
            companyzip_t: text(f.companyzip_t),
            companycountry_t: countryName(country, language),
          })),
        );
        break;
      }
      case 'Contact': {
        const unit = text(f.businessunit);
        const topics = UNIT_TOPICS[unit] ?? { products: [], applications: [] };
        cores.contactus_details.push(
          ...perLanguage('contact', {
            slug: `${slug(unit)}-${slug(text(f.country))}`,
            contactname: text(f.contactname),
            businessunit: unit,
            country: text(f.country),
            region: text(f.region),
            geo_region: text(f.geo_region),
            email: text(f.email),
            phone: text(f.phone),
            products: topics.products,
            applications: topics.applications,
          }),
        );
        break;
      }
      default:
        break;
    }
  }
  for (const entry of whereToBuy()) {
    const country = text(entry.country);
    const region = text(entry.region);
    cores.wheretobuy.push(
      ...localized('wheretobuy', text(entry.slug), (language) => ({
        ...entry,
        name: entry.kind === 'salesoffice' ? salesOfficeName(country, language) : text(entry.name),
        region: regionName(region, language),
        regioncode: slug(region),
        country: countryName(country, language),
        countrycode: COUNTRY_CODES[country] ?? '',
        companyaddress_t: streetName(text(entry.companyaddress_t), language),
        companycity_t: placeName(text(entry.companycity_t), language),
        companystate_t: placeName(text(entry.companystate_t), language),
        companycountry_t: countryName(country, language),
      })),
    );
  }
  // A document indexed again under the same id replaces the earlier one, as Solr's uniqueKey does.
  for (const name of Object.keys(cores) as CoreName[]) cores[name] = [...new Map(cores[name].map((doc) => [doc.id, doc])).values()];
  return cores;
}
