import { definePlugin, titleAndIntro } from '../manifest-types.ts';

/** Frequently asked questions, read through the Solr port. */
export const faqManifest = definePlugin('faq', [
  { name: 'FaqList', label: 'FAQ list', description: 'The questions with a text filter and the A-to-Z index, grouped by product type.', module: 'faq/FaqList.tsx', fields: titleAndIntro, server: true, phrases: ['faq', 'index'], example: { title: 'Frequently asked questions', intro: 'Answers from our engineers.' }, examples: { de: { title: 'Häufige Fragen', intro: 'Antworten unserer Ingenieure.' }, 'ja-jp': { title: 'よくある質問', intro: '当社エンジニアからの回答。' }, zh: { title: '常见问题', intro: '来自我们工程师的解答。' } } },
  { name: 'FaqItem', label: 'FAQ answer', description: 'One question and its answer, chosen by the page\'s address.', module: 'faq/FaqItem.tsx', datasource: 'none', server: true, phrases: ['faq'] },
]);
