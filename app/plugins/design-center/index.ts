import type { SitePlugin } from '../types.ts';
import { industryRelayList, selectionGuide } from './DataTables.tsx';
import { designCenterPage } from './DesignCenterPage.tsx';

/** The design center (issue 18): application and market pages, the selection guide and the industry relay list. */
export const designCenterPlugin: SitePlugin = {
  name: 'design-center',
  components: [designCenterPage, selectionGuide, industryRelayList],
  serverRenderings: ['DesignCenterApplication', 'SelectionGuide', 'IndustryRelayList'],
};
