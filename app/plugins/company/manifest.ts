import { definePlugin, titleAndIntro } from '../manifest-types.ts';

const list = { fields: titleAndIntro, server: true } as const;

/** News, trade fairs, where to buy and plant locations (issue 18), read through the Solr port. */
export const companyManifest = definePlugin('company', [
  { ...list, name: 'NewsList', label: 'News list', description: 'The company\'s news, newest first, paged.', module: 'company/News.tsx', phrases: ['news', 'companyList'], example: { title: 'News', intro: 'What is new at Voltaris.' }, examples: { de: { title: 'Neuigkeiten', intro: 'Was es bei Voltaris Neues gibt.' }, 'ja-jp': { title: 'ニュース', intro: 'Voltarisの最新情報。' }, zh: { title: '新闻', intro: 'Voltaris 的最新动态。' } } },
  { name: 'NewsArticle', label: 'News article', description: 'One news article, chosen by the page\'s address.', module: 'company/News.tsx', datasource: 'none', server: true, phrases: ['news', 'companyList'] },
  { ...list, name: 'EventList', label: 'Event list', description: 'Trade fairs and events, upcoming first.', module: 'company/Events.tsx', phrases: ['events', 'companyList'], example: { title: 'Events', intro: 'Meet us at these fairs.' }, examples: { de: { title: 'Veranstaltungen', intro: 'Treffen Sie uns auf diesen Messen.' }, 'ja-jp': { title: 'イベント', intro: '展示会でお会いしましょう。' }, zh: { title: '活动', intro: '欢迎在这些展会上与我们见面。' } } },
  { name: 'EventDetail', label: 'Event', description: 'One event, chosen by the page\'s address, with its calendar file.', module: 'company/Events.tsx', datasource: 'none', server: true, phrases: ['events', 'companyList'] },
  { ...list, name: 'WhereToBuy', label: 'Where to buy', description: 'Distributors and sales offices by region.', module: 'company/Places.tsx', phrases: ['places', 'companyList'], example: { title: 'Where to buy', intro: 'Our distributors.' }, examples: { de: { title: 'Bezugsquellen', intro: 'Unsere Distributoren.' }, 'ja-jp': { title: '購入方法', intro: '販売代理店のご案内。' }, zh: { title: '购买渠道', intro: '我们的分销商。' } } },
  { ...list, name: 'PlantLocations', label: 'Plant locations', description: 'The company\'s plants and offices.', module: 'company/Places.tsx', phrases: ['places', 'companyList'], example: { title: 'Locations', intro: 'Where we work.' }, examples: { de: { title: 'Standorte', intro: 'Wo wir arbeiten.' }, 'ja-jp': { title: '拠点', intro: '私たちの拠点。' }, zh: { title: '工厂与办事处', intro: '我们的工作地点。' } } },
]);
