/**
 * Which source module (under app/plugins/) holds each rendering the browser loads on demand.
 * The browser's first load carries only the framework, the shell and the header and footer; a
 * page then fetches the modules of the renderings it has (their chunks are preloaded by the
 * document, see module-preloads.server.ts). tests/unit/component-modules.test.ts keeps this list
 * and the plugins' components the same.
 */
export const COMPONENT_MODULES: Readonly<Record<string, readonly string[]>> = {
  'catalogue/Catalogue.tsx': ['Catalogue'],
  'company/Events.tsx': ['EventList', 'EventDetail'],
  'company/News.tsx': ['NewsList', 'NewsArticle'],
  'company/Places.tsx': ['WhereToBuy', 'PlantLocations'],
  'content/AnchorTabs.tsx': ['AnchorTabs'],
  'content/ApplicationGuide.tsx': ['ApplicationGuide'],
  'content/ContentImage.tsx': ['Image'],
  'content/HeroBanner.tsx': ['HeroBanner'],
  'content/LinkList.tsx': ['LinkList'],
  'content/ResourceLibrary.tsx': ['ResourceLibrary'],
  'content/RichText.tsx': ['RichText'],
  'design-center/DataTables.tsx': ['SelectionGuide', 'IndustryRelayList'],
  'design-center/DesignCenterPage.tsx': ['DesignCenterApplication'],
  'faq/FaqItem.tsx': ['FaqItem'],
  'faq/FaqList.tsx': ['FaqList'],
  'forms/CheckStock.tsx': ['CheckStock'],
  'forms/ContactUs.tsx': ['ContactUs'],
  'forms/EnquiryForm.tsx': ['EnquiryForm'],
  'forms/MarketingSubscription.tsx': ['MarketingSubscription'],
  'forms/RequestSample.tsx': ['RequestSample'],
  'forms/SampleList.tsx': ['SampleList'],
  'portal/PartnerPortal.tsx': ['PartnerPortal'],
  'search/SearchResults.tsx': ['SearchResults'],
};

/** The module of a rendering loaded on demand; undefined for one every page carries (header, footer). */
export function componentModule(name: string): string | undefined {
  for (const [module, names] of Object.entries(COMPONENT_MODULES)) if (names.includes(name)) return module;
  return undefined;
}

/** Every componentName in layout data (placeholders nest), once each. */
export function renderingNames(placeholders: unknown, into = new Set<string>()): Set<string> {
  if (!placeholders || typeof placeholders !== 'object') return into;
  for (const entries of Object.values(placeholders as Record<string, unknown>)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as Array<{ componentName?: unknown; placeholders?: unknown }>) {
      if (typeof entry?.componentName === 'string') into.add(entry.componentName);
      renderingNames(entry?.placeholders, into);
    }
  }
  return into;
}
