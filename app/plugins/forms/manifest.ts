import { definePlugin, field, headingAndIntro } from '../manifest-types.ts';

/** The kinds of EnquiryForm (app/plugins/forms/enquiries.ts lists their fields; a test keeps both equal). */
export const ENQUIRY_KIND_OPTIONS = ['supplier-notification', 'arc-flash-registration', 'analytical-services', 'ask-an-expert'] as const;

const form = { fields: headingAndIntro, server: true, phrases: ['forms'] } as const;

/** The forms visitors send: stock checks, contact, enquiries, subscriptions, sample requests. */
export const formsManifest = definePlugin('forms', [
  { ...form, name: 'CheckStock', label: 'Check stock', description: 'Stock and lead time of part numbers; with price breaks for partners.', module: 'forms/CheckStock.tsx', phrases: ['forms', 'prices'], params: [{ name: 'priceBreaks', label: 'Price breaks', options: ['account'], help: 'account: show the signed-in partner\'s prices' }], example: { heading: 'Check stock', intro: 'Enter part numbers, one a line.' }, examples: { de: { heading: 'Lagerbestand prüfen', intro: 'Geben Sie Teilenummern ein, eine pro Zeile.' }, 'ja-jp': { heading: '在庫確認', intro: '品番を1行に1つずつ入力してください。' }, zh: { heading: '查询库存', intro: '请输入料号，每行一个。' } } },
  { ...form, name: 'ContactUs', label: 'Contact us', description: 'Finds the contact for a business unit and country, then sends them a message.', module: 'forms/ContactUs.tsx', phrases: ['forms', 'facetValue.businessunit.*', 'facetValue.country.*', 'facetValue.region.*', 'facetValue.geo_region.*'], example: { heading: 'Contact us', intro: 'We answer within one working day.' }, examples: { de: { heading: 'Kontakt', intro: 'Wir antworten innerhalb eines Werktags.' }, 'ja-jp': { heading: 'お問い合わせ', intro: '1営業日以内にご回答します。' }, zh: { heading: '联系我们', intro: '我们将在一个工作日内回复。' } } },
  {
    ...form,
    name: 'EnquiryForm',
    label: 'Enquiry form',
    description: 'An enquiry of one kind (supplier notification, arc flash registration, analytical services, ask an expert).',
    module: 'forms/EnquiryForm.tsx',
    fields: [...headingAndIntro, field.text('kind', 'Kind', { required: true, options: ENQUIRY_KIND_OPTIONS }), field.text('formGuid', 'Marketing form id'), field.text('receipt', 'What happens next')],
    params: [{ name: 'headingLevel', label: 'Heading level', options: ['1', '2'], help: '2 on a page that has its own h1' }],
    example: { heading: 'Ask an expert', intro: 'Our engineers answer technical questions.', kind: 'ask-an-expert' }, examples: { de: { heading: 'Fragen Sie einen Experten', intro: 'Unsere Ingenieure beantworten technische Fragen.' }, 'ja-jp': { heading: '専門家に質問', intro: '当社のエンジニアが技術的なご質問にお答えします。' }, zh: { heading: '咨询专家', intro: '我们的工程师解答技术问题。' } },
  },
  { ...form, name: 'MarketingSubscription', label: 'Marketing subscription', description: 'Opt in to or out of marketing e-mail, confirmed by a link.', module: 'forms/MarketingSubscription.tsx', example: { heading: 'Stay informed', intro: 'News about new parts, once a month.' }, examples: { de: { heading: 'Auf dem Laufenden bleiben', intro: 'Neuigkeiten zu neuen Bauteilen, einmal im Monat.' }, 'ja-jp': { heading: '最新情報をお届けします', intro: '新製品のニュースを月に一度お送りします。' }, zh: { heading: '获取最新信息', intro: '每月一次，介绍新器件。' } } },
  { ...form, name: 'RequestSample', label: 'Request a sample', description: 'Parts and quantities with a shipping address.', module: 'forms/RequestSample.tsx', example: { heading: 'Request samples', intro: 'Up to five parts, free of charge.' }, examples: { de: { heading: 'Muster anfordern', intro: 'Bis zu fünf Bauteile, kostenlos.' }, 'ja-jp': { heading: 'サンプル請求', intro: '最大5品目まで無料です。' }, zh: { heading: '申请样品', intro: '最多五种器件，免费提供。' } } },
  { name: 'SampleList', label: 'Sample list', description: 'The parts a visitor has put on their sample list.', module: 'forms/SampleList.tsx', datasource: 'none', server: true, phrases: ['forms'] },
]);
