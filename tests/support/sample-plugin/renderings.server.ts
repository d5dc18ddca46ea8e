import { text, type TextField } from '~/cms/fields.ts';
import type { ServerPlugin } from '~/plugins/server-registry.server.ts';
import type { LeadTimesData } from './LeadTimes.tsx';

/** Weeks from order to shipment for a standard quantity, by product family. */
const STANDARD_WEEKS: Readonly<Record<string, number>> = { fuses: 6, 'tvs-diodes': 8, varistors: 8, 'reed-sensors': 12, thyristors: 10 };

export const leadTimesRenderings: ServerPlugin<{ LeadTimes: LeadTimesData }> = {
  plugin: 'lead-times',
  renderings: {
    LeadTimes: {
      load: async ({ rendering }): Promise<LeadTimesData> => {
        const family = text((rendering.fields as { family?: TextField } | undefined)?.family);
        const weeks = STANDARD_WEEKS[family];
        // An editor's typo in the family is a fault of this rendering, not of the page.
        if (weeks === undefined) throw new Error(`no standard lead time for product family "${family}"`);
        return { family, weeks, asOf: '2026-11-02' };
      },
      cache: { shared: 'content' },
    },
  },
};
