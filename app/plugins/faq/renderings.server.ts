import type { ServerPlugin } from '../server-registry.server.ts';
import type { FaqRenderingData } from './rendering-data.ts';
import { faqItemLoader, faqListLoader } from './faq.server.ts';

/** The FAQ list and each question's page, read from Solr: the same for every anonymous visitor. */
export const faqRenderings: ServerPlugin<FaqRenderingData> = {
  plugin: 'faq',
  renderings: {
    FaqList: { load: (args) => faqListLoader(args), cache: { shared: 'content' } },
    FaqItem: { load: (args) => faqItemLoader(args), cache: { shared: 'content' } },
  },
};
