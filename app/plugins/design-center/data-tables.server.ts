import { log } from '~/lib/logger.server.ts';
import { contentLanguage } from '../catalogue/taxonomy.server.ts';
import { applicationPath, findApplication, findMarket, localized } from '@voltaris/catalogue/design-center-applications';
import { DATA_FILES, DataFileError, readDataFile } from './data-files.server.ts';
import { MAX_FILTER_TEXT, type IndustryRelayListData, type SelectionGuideData, type TableFilterState } from './view-types.ts';
import { marketsList, type LoaderArgs } from './design-center.server.ts';
import { listingPath, tableRow, typeNode, windowText } from './parameter-windows.server.ts';

function readFilter(request: Request, markStatus: (status: number) => void): TableFilterState {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim();
  const market = (params.get('market') ?? '').trim().toLowerCase();
  if (q.length > MAX_FILTER_TEXT) {
    markStatus(400);
    return { q: q.slice(0, MAX_FILTER_TEXT), market: findMarket(market) ? market : '', problem: 'tooLong' };
  }
  if (market && !findMarket(market)) {
    markStatus(400);
    return { q, market: '', problem: 'unknownMarket' };
  }
  return { q, market };
}

function matchesText(q: string, texts: string[]): boolean {
  if (!q) return true;
  const words = q.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.join(' ').toLocaleLowerCase();
  return words.every((word) => haystack.includes(word));
}

function brokenFile(error: unknown, markStatus: (status: number) => void): true {
  if (!(error instanceof DataFileError)) throw error;
  // Ours: the file on the server fails its schema. The page says so; the log names the problem.
  log('error', 'design-center', error.message);
  markStatus(503);
  return true;
}

export function selectionGuideLoader({ request, language, markStatus }: LoaderArgs): SelectionGuideData {
  const filter = readFilter(request, markStatus);
  const lang = contentLanguage(language);
  const base = { filter, markets: marketsList(language), dataUrl: DATA_FILES.selectionGuide.url };
  let guide;
  try {
    guide = readDataFile('selectionGuide');
  } catch (error) {
    return { ...base, rows: [], total: 0, broken: brokenFile(error, markStatus) };
  }
  const all = guide.applications.flatMap((entry) => {
    const application = findApplication(entry.market, entry.application)!;
    return entry.rows.map((row) => {
      // The full table shows what each row asks for; the reasons are on the application's page.
      const { why: _why, ...rest } = tableRow(row, language);
      return {
        ...rest,
        marketSlug: application.market.slug,
        marketName: localized(application.market.name, lang),
        applicationName: localized(application.name, lang),
        applicationPath: applicationPath(application),
      };
    });
  });
  const rows = all
    .filter((row) => !filter.market || row.marketSlug === filter.market)
    .filter((row) => matchesText(filter.q, [row.marketName, row.applicationName, row.function, row.productTypeName, row.parameterLabel]))
    .map(({ marketSlug: _marketSlug, ...row }) => row);
  return { ...base, rows, total: all.length };
}

export function industryRelayListLoader({ request, language, markStatus }: LoaderArgs): IndustryRelayListData {
  const filter = readFilter(request, markStatus);
  const lang = contentLanguage(language);
  const base = { filter, markets: marketsList(language), dataUrl: DATA_FILES.industryRelayList.url };
  let list;
  try {
    list = readDataFile('industryRelayList');
  } catch (error) {
    return { ...base, rows: [], total: 0, broken: brokenFile(error, markStatus) };
  }
  const relays = typeNode('relays', language);
  const all = list.entries.map((entry) => {
    const market = findMarket(entry.industry)!;
    const category = relays.children.find((node) => node.indexName === entry.category)!;
    const parameter = relays.parameters.find((candidate) => candidate.field === entry.parameter)!;
    return {
      marketSlug: market.slug,
      industryName: localized(market.name, lang),
      use: localized(entry.use, lang),
      duty: localized(entry.duty, lang),
      categoryName: category.name,
      categoryPath: category.path,
      parameterLabel: parameter.label,
      range: windowText(entry, parameter.unit, language),
      listingPath: listingPath(category, entry, parameter.unit),
    };
  });
  const rows = all
    .filter((row) => !filter.market || row.marketSlug === filter.market)
    .filter((row) => matchesText(filter.q, [row.industryName, row.use, row.duty, row.categoryName, row.parameterLabel]))
    .map(({ marketSlug: _marketSlug, ...row }) => row);
  return { ...base, rows, total: all.length };
}
