import type { SitePlugin } from '../types.ts';
import { faqItem } from './FaqItem.tsx';
import { faqList } from './FaqList.tsx';

/** FAQs (issue 18): the list with its filter and A-to-Z index, and each question's own page, read from Solr. */
export const faqPlugin: SitePlugin = { name: 'faq', components: [faqList, faqItem], serverRenderings: ['FaqList', 'FaqItem'] };
