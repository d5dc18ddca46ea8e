import type { SitePlugin } from '~/plugins/types.ts';
import { leadTimes } from './LeadTimes.tsx';

/** A sample plugin, as a new one would be written: the standard lead time of a product family. */
export const leadTimesPlugin: SitePlugin = { name: 'lead-times', components: [leadTimes], serverRenderings: ['LeadTimes'] };
