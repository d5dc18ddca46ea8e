import type { ContactUsData } from './contact-us.ts';
import type { EnquiryData } from './enquiries.ts';
import type { RequestSampleData, SampleListData } from './request-sample.ts';
import type { SubscriptionData } from './subscription.ts';

/**
 * The forms plugin's renderings and the data each one's loader gives its component (renderings.server.ts
 * returns it, the component renders it; `undefined`: the rendering has no loader). Client-safe
 * types only, so the components import it as well as the server half.
 */
export interface FormsRenderingData {
  RequestSample: RequestSampleData;
  SampleList: SampleListData;
  ContactUs: ContactUsData;
  EnquiryForm: EnquiryData;
  MarketingSubscription: SubscriptionData;
  CheckStock: undefined;
}
