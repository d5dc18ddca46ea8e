import type { PartnerPortalData } from './portal.ts';

/**
 * The partner portal plugin's renderings and the data each one's loader gives its component (renderings.server.ts
 * returns it, the component renders it; `undefined`: the rendering has no loader). Client-safe
 * types only, so the components import it as well as the server half.
 */
export interface PortalRenderingData {
  PartnerPortal: PartnerPortalData | null;
}
