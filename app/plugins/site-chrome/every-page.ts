import { footer } from './Footer.tsx';
import { header } from './Header.tsx';

/**
 * The renderings every page carries (the site chrome's, as its manifest lists them): the browser's
 * registry has them from the first load, by these names only, so no other export of their modules
 * comes along. tests/unit/registry.test.ts keeps this equal to the site-chrome manifest.
 */
export const EVERY_PAGE_RENDERINGS = [header, footer] as const;
