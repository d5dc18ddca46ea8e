import { redirect } from '@remix-run/node';
import { LANGUAGES, localizedPath } from '~/cms/language.ts';
import { joinAddress, type ListProblem, type LocationsView, type PlantLocation, type SalesChannel, type WhereToBuyView } from './views.ts';
import { ALL_ROWS, badParameter, languageFilter, select, solrPhrase, str, unavailable, type LoaderArgs, type SolrDoc } from './company.server.ts';

/** Where to buy (distributors and representatives by region and country) and the plant locations. */
function salesChannel(doc: SolrDoc): SalesChannel & { regionCode: string; countryCode: string } {
  return {
    anchor: str(doc, 'slug'),
    name: str(doc, 'name'),
    kind: str(doc, 'kind') === 'salesoffice' ? 'salesoffice' : 'distributor',
    region: str(doc, 'region'),
    regionCode: str(doc, 'regioncode'),
    country: str(doc, 'country'),
    countryCode: str(doc, 'countrycode'),
    address: joinAddress(['companyaddress_t', 'companycity_t', 'companystate_t', 'companyzip_t', 'companycountry_t'].map((field) => str(doc, field))),
    phone: str(doc, 'phone'),
    email: str(doc, 'email'),
    url: str(doc, 'url'),
  };
}

/** One filter value from the query: absent or empty is "all"; several values are a bad parameter. */
function readChoice(url: URL, name: string): { value: string } | { problem: ListProblem } {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) return { problem: { kind: 'badParameter', name, value: values.join(',') } };
  return { value: (values[0] ?? '').trim() };
}

const WHERE_TO_BUY_PATH = '/company/where-to-buy';

/**
 * Distributors and sales offices by region and country. `region` and `country` (codes, the same
 * in every language) filter through Solr; the choices come from every entry of the language.
 */
export async function loadWhereToBuy(args: LoaderArgs): Promise<WhereToBuyView> {
  const { language, context } = args;
  const url = new URL(args.request.url);
  const base = localizedPath(language, WHERE_TO_BUY_PATH);
  // The form sends "all" as an empty value: answered with the address that leaves it out.
  const empty = ['region', 'country'].filter((name) => url.searchParams.getAll(name).some((value) => value.trim() === ''));
  if (empty.length) {
    const clean = new URLSearchParams([...url.searchParams].filter(([name, value]) => !(empty.includes(name) && value.trim() === '')));
    throw redirect(clean.size ? `${base}?${clean.toString()}` : base);
  }
  const region = readChoice(url, 'region');
  const country = readChoice(url, 'country');
  const selected = { region: 'value' in region ? region.value : '', country: 'value' in country ? country.value : '' };
  const view = (fields: Partial<WhereToBuyView>): WhereToBuyView => ({ kind: 'whereToBuy', regions: [], selected, groups: [], total: 0, base, ...fields });
  if ('problem' in region) return view({ problem: badParameter(args, region.problem) });
  if ('problem' in country) return view({ problem: badParameter(args, country.problem) });
  const collator = new Intl.Collator(LANGUAGES[language].tag);
  let regions: WhereToBuyView['regions'];
  try {
    const every = await select(context, 'wheretobuy', { q: '*:*', fq: [languageFilter(language)], fl: 'region,regioncode,country,countrycode', rows: ALL_ROWS });
    const byRegion = new Map<string, { code: string; name: string; countries: Map<string, string> }>();
    for (const doc of every.response.docs) {
      const code = str(doc, 'regioncode');
      let entry = byRegion.get(code);
      if (!entry) byRegion.set(code, (entry = { code, name: str(doc, 'region'), countries: new Map() }));
      entry.countries.set(str(doc, 'countrycode'), str(doc, 'country'));
    }
    regions = [...byRegion.values()]
      .map((entry) => ({ code: entry.code, name: entry.name, countries: [...entry.countries].map(([code, name]) => ({ code, name })).sort((a, b) => collator.compare(a.name, b.name)) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  } catch (error) {
    return view({ problem: unavailable(args, error) });
  }
  // A value that is none of the choices is named on the page (400), never silently dropped.
  if (selected.region && !regions.some((r) => r.code === selected.region)) return view({ regions, problem: badParameter(args, { kind: 'badParameter', name: 'region', value: selected.region }) });
  if (selected.country && !regions.some((r) => r.countries.some((c) => c.code === selected.country))) {
    return view({ regions, problem: badParameter(args, { kind: 'badParameter', name: 'country', value: selected.country }) });
  }
  const fq = [languageFilter(language)];
  if (selected.region) fq.push(`regioncode:${solrPhrase(selected.region)}`);
  if (selected.country) fq.push(`countrycode:${solrPhrase(selected.country)}`);
  let shown: ReturnType<typeof salesChannel>[];
  try {
    shown = (await select(context, 'wheretobuy', { q: '*:*', fq, rows: ALL_ROWS })).response.docs.map(salesChannel);
  } catch (error) {
    return view({ regions, problem: unavailable(args, error) });
  }
  // Our own sales office before the distributors of its country.
  shown.sort((a, b) => collator.compare(a.region, b.region) || collator.compare(a.country, b.country) || (a.kind === b.kind ? 0 : a.kind === 'salesoffice' ? -1 : 1) || collator.compare(a.name, b.name));
  const groups: WhereToBuyView['groups'] = [];
  for (const { regionCode: _r, countryCode: _c, ...channel } of shown) {
    let group = groups.at(-1);
    if (group?.region !== channel.region) groups.push((group = { region: channel.region, countries: [] }));
    let byCountry = group.countries.at(-1);
    if (byCountry?.country !== channel.country) group.countries.push((byCountry = { country: channel.country, channels: [] }));
    byCountry.channels.push({ ...channel, url: channel.url.startsWith('/') ? localizedPath(language, channel.url) : channel.url });
  }
  return view({ regions, groups, total: shown.length });
}

export async function loadLocations(args: LoaderArgs): Promise<LocationsView> {
  const { language, context } = args;
  try {
    const found = await select(context, 'locations', { q: '*:*', fq: [languageFilter(language)], rows: ALL_ROWS });
    const collator = new Intl.Collator(LANGUAGES[language].tag);
    const locations: PlantLocation[] = found.response.docs.map((doc) => ({
      anchor: str(doc, 'slug'),
      name: str(doc, 'plantlocationname'),
      city: str(doc, 'city'),
      region: str(doc, 'region'),
      country: str(doc, 'country'),
      resourceUrl: str(doc, 'resourceurl').startsWith('/') ? localizedPath(language, str(doc, 'resourceurl')) : str(doc, 'resourceurl'),
    }));
    locations.sort((a, b) => collator.compare(a.region, b.region) || collator.compare(a.country, b.country) || collator.compare(a.name, b.name));
    const groups: LocationsView['groups'] = [];
    for (const location of locations) {
      let group = groups.at(-1);
      if (group?.region !== location.region) groups.push((group = { region: location.region, locations: [] }));
      group.locations.push(location);
    }
    return { kind: 'locations', groups };
  } catch (error) {
    return { kind: 'locations', groups: [], problem: unavailable(args, error) };
  }
}
