import type { Response } from 'express';
import helmet from 'helmet';
import type { SiteConfig } from './config.ts';

type Directives = Record<string, string[]>;

function directivesFor(config: SiteConfig): Directives {
  const development = config.mode === 'development';
  return {
    'default-src': ["'self'"],
    // Inline scripts run only when the document's own policy names their hashes (scriptHashPolicy).
    'script-src': ["'self'"],
    // Vite injects styles through JavaScript while developing; the built site only links stylesheets.
    'style-src': development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': development ? ["'self'", 'ws:'] : ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
}

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/**
 * The policy of a rendered document: the default one with the hashes of the document's inline
 * scripts. Hashes instead of a nonce: the same page gives the same header, so a shared cache may
 * keep both, and nothing in the page changes per response.
 */
export function scriptHashPolicy(config: SiteConfig): (res: Response, hashes: readonly string[]) => void {
  const directives = directivesFor(config);
  return (res, hashes) => {
    // The answer may have gone already (a timeout or a refusal answered first): a late render
    // must not throw out of a stream callback, which would end the process.
    if (res.headersSent) return;
    const withHashes = { ...directives, 'script-src': [...directives['script-src']!, ...hashes.map((hash) => `'${hash}'`)] };
    res.setHeader('Content-Security-Policy', serialize(withHashes));
  };
}

export function securityHeaders(config: SiteConfig) {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directivesFor(config) },
    strictTransportSecurity: config.mode === 'production' ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    xPoweredBy: false,
  });
}
