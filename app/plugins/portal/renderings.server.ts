import type { ServerPlugin } from '../server-registry.server.ts';
import type { PortalRenderingData } from './rendering-data.ts';
import { partnerPortalLoader } from './partner-portal.server.ts';

/** The partner portal: a signed-in visitor's own page. */
export const portalRenderings: ServerPlugin<PortalRenderingData> = {
  plugin: 'portal',
  renderings: {
    PartnerPortal: { load: ({ request, context, language }) => partnerPortalLoader(request, context, language), cache: 'personal' },
  },
};
