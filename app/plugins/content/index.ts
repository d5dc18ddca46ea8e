import type { SitePlugin } from '../types.ts';
import { anchorTabs } from './AnchorTabs.tsx';
import { applicationGuide } from './ApplicationGuide.tsx';
import { contentImage } from './ContentImage.tsx';
import { heroBanner } from './HeroBanner.tsx';
import { linkList } from './LinkList.tsx';
import { resourceLibrary } from './ResourceLibrary.tsx';
import { richText } from './RichText.tsx';

/** The page components editors assemble pages from (REQ-CMS-2). */
export const contentPlugin: SitePlugin = {
  name: 'content',
  components: [heroBanner, anchorTabs, resourceLibrary, applicationGuide, richText, contentImage, linkList],
  serverRenderings: ['ResourceLibrary', 'ApplicationGuide'],
};
