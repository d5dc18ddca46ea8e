import type { SitePlugin } from '../types.ts';
import { partnerPortal } from './PartnerPortal.tsx';

/** The partner portal (issue 18): signed-in partners' and staff's page of tools and secured documents. */
export const portalPlugin: SitePlugin = { name: 'portal', components: [partnerPortal], serverRenderings: ['PartnerPortal'] };
