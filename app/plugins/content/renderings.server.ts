import { applicationGuideLoader } from '../design-center/application-guide.server.ts';
import type { ServerPlugin } from '../server-registry.server.ts';
import type { ContentRenderingData } from './rendering-data.ts';
import { resourceLibraryLoader } from './resource-library.server.ts';

/** The content renderings that read more than their fields: the resource library and the application guide's cards. */
export const contentRenderings: ServerPlugin<ContentRenderingData> = {
  plugin: 'content',
  renderings: {
    // Read from the document index; secured documents are listed only for a session, which is private anyway.
    ResourceLibrary: { load: (args) => resourceLibraryLoader(args), cache: { shared: 'catalogue' } },
    // The cards come from the design center's market and application content.
    ApplicationGuide: { load: (args) => applicationGuideLoader(args), cache: { shared: 'content' } },
  },
};
