import type { ServerPlugin } from '../server-registry.server.ts';
import type { FormsRenderingData } from './rendering-data.ts';
import { currencyOf } from '~/lib/currency.ts';
import { checkStockAction, priceViewFor } from './check-stock.server.ts';
import { contactUsAction, contactUsLoader } from './contact-us.server.ts';
import { enquiryAction, enquiryLoader } from './enquiries.server.ts';
import { requestSampleAction, requestSampleLoader, sampleListLoader } from './request-sample.server.ts';
import { subscriptionAction, subscriptionLoader } from './subscription.server.ts';

/**
 * The forms' server half. Every form page is personal: an idempotency key, a finder's contacts,
 * the signed-in visitor's prefill.
 */
export const formsRenderings: ServerPlugin<FormsRenderingData> = {
  plugin: 'forms',
  renderings: {
    CheckStock: { action: async ({ request, context, form, rendering, language }) => checkStockAction(context, form, await priceViewFor(request, context, rendering), currencyOf(language)) },
    RequestSample: {
      load: ({ request, context }) => requestSampleLoader(request, context),
      action: ({ request, context, language, form }) => requestSampleAction(request, context, language, form),
      cache: 'personal',
    },
    SampleList: { load: ({ request, context }) => sampleListLoader(request, context), cache: 'personal' },
    ContactUs: {
      load: ({ request, context, language, markStatus }) => contactUsLoader(request, context, language, markStatus),
      action: ({ request, context, language, form }) => contactUsAction(request, context, language, form),
      cache: 'personal',
    },
    EnquiryForm: {
      load: ({ request, context }) => enquiryLoader(request, context),
      action: ({ request, context, language, form, rendering }) => enquiryAction(request, context, language, form, rendering),
      cache: 'personal',
    },
    MarketingSubscription: {
      load: ({ request, context, responseHeaders, markStatus }) => subscriptionLoader(request, context, responseHeaders, markStatus),
      action: ({ request, context, language, form }) => subscriptionAction(request, context, language, form),
      cache: 'personal',
    },
  },
};
