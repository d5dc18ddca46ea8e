import type { SiteConfig } from '../server/config.ts';
import type { Outbox } from '../services/outbox/outbox.ts';

/** What the server hands every loader: the checked configuration and this response's CSP nonce. */
export interface SiteLoadContext {
  config: SiteConfig & {
    layout: SiteConfig['layout'] & { apiHost: string };
    search: SiteConfig['search'] & { apiUrl: string; analyticsUrl: string };
    auth: SiteConfig['auth'] & { issuer: string };
    stock: SiteConfig['stock'] & { apiUrl: string };
    sampleRequests: SiteConfig['sampleRequests'] & { serviceUrl: string };
    email: SiteConfig['email'] & { url: string };
    marketingForms: SiteConfig['marketingForms'] & { url: string };
  };
  /** Durable submissions (issue 8): stored before the visitor is answered, delivered after. */
  outbox: Outbox;
  cspNonce: string;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation must be an interface
  interface AppLoadContext extends SiteLoadContext {}
}
