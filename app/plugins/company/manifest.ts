import { definePlugin, titleAndIntro } from '../manifest-types.ts';

const list = { fields: titleAndIntro, server: true } as const;

/** News, trade fairs, where to buy and plant locations (issue 18), read through the Solr port. */
export const companyManifest = definePlugin('company', [
  { ...list, name: 'NewsList', label: 'News list', description: 'The company\'s news, newest first, paged.', module: 'company/News.tsx', phrases: ['news', 'companyList'], example: { title: 'News', intro: 'What is new at Voltaris.' } },
  { name: 'NewsArticle', label: 'News article', description: 'One news article, chosen by the page\'s address.', module: 'company/News.tsx', datasource: 'none', server: true, phrases: ['news', 'companyList'] },
  { ...list, name: 'EventList', label: 'Event list', description: 'Trade fairs and events, upcoming first.', module: 'company/Events.tsx', phrases: ['events', 'companyList'], example: { title: 'Events', intro: 'Meet us at these fairs.' } },
  { name: 'EventDetail', label: 'Event', description: 'One event, chosen by the page\'s address, with its calendar file.', module: 'company/Events.tsx', datasource: 'none', server: true, phrases: ['events', 'companyList'] },
  { ...list, name: 'WhereToBuy', label: 'Where to buy', description: 'Distributors and sales offices by region.', module: 'company/Places.tsx', phrases: ['places', 'companyList'], example: { title: 'Where to buy', intro: 'Our distributors.' } },
  { ...list, name: 'PlantLocations', label: 'Plant locations', description: 'The company\'s plants and offices.', module: 'company/Places.tsx', phrases: ['places', 'companyList'], example: { title: 'Locations', intro: 'Where we work.' } },
]);
