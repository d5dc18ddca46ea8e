import type { SitePlugin } from '../types.ts';
import { catalogue } from './Catalogue.tsx';

/** The product catalogue (issue 5): parametric listing, series and part pages, compare, cross-reference. */
export const cataloguePlugin: SitePlugin = {
  name: 'catalogue',
  components: [catalogue],
  serverRenderings: ['Catalogue'],
};
