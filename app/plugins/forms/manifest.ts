import { definePlugin, field, headingAndIntro } from '../manifest-types.ts';

/** The kinds of EnquiryForm (app/plugins/forms/enquiries.ts lists their fields; a test keeps both equal). */
export const ENQUIRY_KIND_OPTIONS = ['supplier-notification', 'arc-flash-registration', 'analytical-services', 'ask-an-expert'] as const;

const form = { fields: headingAndIntro, server: true, phrases: ['forms'] } as const;

/** The forms visitors send: stock checks, contact, enquiries, subscriptions, sample requests. */
export const formsManifest = definePlugin('forms', [
  { ...form, name: 'CheckStock', label: 'Check stock', description: 'Stock and lead time of part numbers; with price breaks for partners.', module: 'forms/CheckStock.tsx', phrases: ['forms', 'prices'], params: [{ name: 'priceBreaks', label: 'Price breaks', options: ['account'], help: 'account: show the signed-in partner\'s prices' }], example: { heading: 'Check stock', intro: 'Enter part numbers, one a line.' } },
  { ...form, name: 'ContactUs', label: 'Contact us', description: 'Finds the contact for a business unit and country, then sends them a message.', module: 'forms/ContactUs.tsx', phrases: ['forms', 'facetValue.businessunit.*', 'facetValue.country.*', 'facetValue.region.*', 'facetValue.geo_region.*'], example: { heading: 'Contact us', intro: 'We answer within one working day.' } },
  {
    ...form,
    name: 'EnquiryForm',
    label: 'Enquiry form',
    description: 'An enquiry of one kind (supplier notification, arc flash registration, analytical services, ask an expert).',
    module: 'forms/EnquiryForm.tsx',
    fields: [...headingAndIntro, field.text('kind', 'Kind', { required: true, options: ENQUIRY_KIND_OPTIONS }), field.text('formGuid', 'Marketing form id'), field.text('receipt', 'What happens next')],
    params: [{ name: 'headingLevel', label: 'Heading level', options: ['1', '2'], help: '2 on a page that has its own h1' }],
    example: { heading: 'Ask an expert', intro: 'Our engineers answer technical questions.', kind: 'ask-an-expert' },
  },
  { ...form, name: 'MarketingSubscription', label: 'Marketing subscription', description: 'Opt in to or out of marketing e-mail, confirmed by a link.', module: 'forms/MarketingSubscription.tsx', example: { heading: 'Stay informed', intro: 'News about new parts, once a month.' } },
  { ...form, name: 'RequestSample', label: 'Request a sample', description: 'Parts and quantities with a shipping address.', module: 'forms/RequestSample.tsx', example: { heading: 'Request samples', intro: 'Up to five parts, free of charge.' } },
  { name: 'SampleList', label: 'Sample list', description: 'The parts a visitor has put on their sample list.', module: 'forms/SampleList.tsx', datasource: 'none', server: true, phrases: ['forms'] },
]);
