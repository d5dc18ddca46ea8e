import { definePlugin, field } from '../manifest-types.ts';

const links = (name: string, label: string, described = true) =>
  field.list(name, label, 'Link', described ? [field.link('link', 'Link'), field.text('description', 'Description')] : [field.link('link', 'Link')]);

/** The partner portal: what signed-in partners reach. */
export const portalManifest = definePlugin('portal', [
  {
    name: 'PartnerPortal',
    label: 'Partner portal',
    description: 'The signed-in partner\'s start: stock, samples, documents and staff links.',
    module: 'portal/PartnerPortal.tsx',
    fields: [links('stockLinks', 'Stock and prices'), links('sampleLinks', 'Samples'), links('documentLinks', 'Documents'), links('staffLinks', 'Staff only', false)],
    server: true,
    phrases: ['portal'],
  },
]);
