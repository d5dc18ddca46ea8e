import type { SitePlugin } from '../types.ts';
import { checkStock } from './CheckStock.tsx';
import { contactUs } from './ContactUs.tsx';
import { enquiryForm } from './EnquiryForm.tsx';
import { marketingSubscription } from './MarketingSubscription.tsx';
import { requestSample } from './RequestSample.tsx';
import { sampleList } from './SampleList.tsx';

/** The site's forms (issue 8): each a rendering placed on a CMS page, posting to that page. */
export const formsPlugin: SitePlugin = {
  name: 'forms',
  components: [checkStock, contactUs, enquiryForm, marketingSubscription, requestSample, sampleList],
  serverRenderings: ['CheckStock', 'ContactUs', 'EnquiryForm', 'MarketingSubscription', 'RequestSample', 'SampleList'],
};
