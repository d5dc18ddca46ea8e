import type { SitePlugin } from '../types.ts';
import { productCatalogue } from './ProductCatalogue.tsx';

/** The catalogue (issue 5): categories and parametric listings of products. */
export const cataloguePlugin: SitePlugin = { name: 'catalogue', components: [productCatalogue] };
