import { definePlugin, field } from '~/plugins/manifest-types.ts';

/** A sample plugin, as a new one would be written: the standard lead time of a product family. */
export const leadTimesPlugin = definePlugin('lead-times', [
  {
    name: 'LeadTimes',
    label: 'Lead times',
    description: 'The standard lead time of a product family.',
    module: 'LeadTimes.tsx',
    fields: [field.text('heading', 'Heading'), field.text('family', 'Product family', { required: true })],
    phrases: ['leadTimes'],
    server: true,
  },
]);
