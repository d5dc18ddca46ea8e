import type { SitePlugin } from '../types.ts';
import { eventDetail, eventList } from './Events.tsx';
import { newsArticle, newsList } from './News.tsx';
import { plantLocations, whereToBuy } from './Places.tsx';

/** News, trade fairs, where to buy and plant locations (issue 18), read through the Solr port. */
export const companyPlugin: SitePlugin = {
  name: 'company',
  components: [newsList, newsArticle, eventList, eventDetail, whereToBuy, plantLocations],
  serverRenderings: ['NewsList', 'NewsArticle', 'EventList', 'EventDetail', 'WhereToBuy', 'PlantLocations'],
};
