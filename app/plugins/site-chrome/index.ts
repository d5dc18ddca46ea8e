import type { SitePlugin } from '../types.ts';
import { footer } from './Footer.tsx';
import { header } from './Header.tsx';

/** The header and footer every page shares (its content comes from the CMS like any other). */
export const siteChromePlugin: SitePlugin = { name: 'site-chrome', components: [header, footer] };
