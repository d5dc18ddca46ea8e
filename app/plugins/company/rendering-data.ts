import type { EventDetailView, EventListView, ItemUnavailable, LocationsView, NewsArticleView, NewsListView, WhereToBuyView } from './views.ts';

/**
 * The company plugin's renderings and the data each one's loader gives its component (renderings.server.ts
 * returns it, the component renders it; `undefined`: the rendering has no loader). Client-safe
 * types only, so the components import it as well as the server half.
 */
export interface CompanyRenderingData {
  NewsList: NewsListView;
  NewsArticle: NewsArticleView | ItemUnavailable;
  EventList: EventListView;
  EventDetail: EventDetailView | ItemUnavailable;
  WhereToBuy: WhereToBuyView;
  PlantLocations: LocationsView;
}
