import type { ServerPlugin } from '../server-registry.server.ts';
import type { CompanyRenderingData } from './rendering-data.ts';
import { loadEventDetail, loadEventList, loadNewsArticle, loadNewsList } from './news-events.server.ts';
import { loadLocations, loadWhereToBuy } from './places.server.ts';

/** News, events, where to buy and plant locations, read through the Solr port: the same for every anonymous visitor. */
export const companyRenderings: ServerPlugin<CompanyRenderingData> = {
  plugin: 'company',
  renderings: {
    NewsList: { load: loadNewsList, cache: { shared: 'content' } },
    NewsArticle: { load: loadNewsArticle, cache: { shared: 'content' } },
    EventList: { load: loadEventList, cache: { shared: 'content' } },
    EventDetail: { load: loadEventDetail, cache: { shared: 'content' } },
    WhereToBuy: { load: loadWhereToBuy, cache: { shared: 'content' } },
    PlantLocations: { load: loadLocations, cache: { shared: 'content' } },
  },
};
