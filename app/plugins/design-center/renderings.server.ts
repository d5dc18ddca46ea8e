import type { ServerPlugin } from '../server-registry.server.ts';
import type { DesignCenterRenderingData } from './rendering-data.ts';
import { industryRelayListLoader, selectionGuideLoader } from './data-tables.server.ts';
import { designCenterPageLoader } from './design-center-page.server.ts';

/** The design center's application pages and its two data tables: the same for every anonymous visitor. */
export const designCenterRenderings: ServerPlugin<DesignCenterRenderingData> = {
  plugin: 'design-center',
  renderings: {
    DesignCenterApplication: { load: (args) => designCenterPageLoader(args), cache: { shared: 'content' } },
    SelectionGuide: { load: async (args) => selectionGuideLoader(args), cache: { shared: 'content' } },
    IndustryRelayList: { load: async (args) => industryRelayListLoader(args), cache: { shared: 'content' } },
  },
};
