import type { Response } from 'express';
import helmet from 'helmet';
import type { SiteConfig } from './config.ts';

type Directives = Record<string, string[]>;

/**
 * Where the site's forms may lead, beyond its own origin: sign-out posts to the site, which sends
 * the browser on to the sign-in provider's end-session page, and a browser holds a form's
 * redirects to form-action too. The provider is another origin in production, and on the Chinese
 * host in the demo; its origin is known once the site listens, hence a function.
 */
export type FormTargets = () => readonly string[];

function directivesFor(config: SiteConfig, formTargets: readonly string[] = []): Directives {
  const development = config.mode === 'development';
  return {
    'default-src': ["'self'"],
    // Inline scripts run only when the document's own policy names their hashes (scriptHashPolicy).
    'script-src': ["'self'"],
    // Vite injects styles through JavaScript while developing; the built site's one inline
    // stylesheet is named by its hash in each document's policy (inlineHashPolicy).
    'style-src': development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'"],
    'connect-src': development ? ["'self'", 'ws:'] : ["'self'"],
    'form-action': ["'self'", ...formTargets],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
}

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/** The sha256- sources of a document's inline scripts and inline style elements. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/**
 * The policy of a rendered document: the default one with the hashes of the document's inline
 * scripts and styles. Hashes instead of a nonce: the same page gives the same header, so a shared
 * cache may keep both, and nothing in the page changes per response.
 */
export function inlineHashPolicy(config: SiteConfig, formTargets: FormTargets = () => []): (res: Response, hashes: InlineHashes) => void {
  // A hash in style-src turns 'unsafe-inline' off, which the development server's styles need.
  const hashStyles = config.mode !== 'development';
  const quoted = (hashes: readonly string[]) => hashes.map((hash) => `'${hash}'`);
  return (res, { scripts, styles }) => {
    // The answer may have gone already (a timeout or a refusal answered first): a late render
    // must not throw out of a stream callback, which would end the process.
    if (res.headersSent) return;
    const directives = directivesFor(config, formTargets());
    const withHashes = {
      ...directives,
      'script-src': [...directives['script-src']!, ...quoted(scripts)],
      'style-src': [...directives['style-src']!, ...(hashStyles ? quoted(styles) : [])],
    };
    res.setHeader('Content-Security-Policy', serialize(withHashes));
  };
}

export function securityHeaders(config: SiteConfig, formTargets: FormTargets = () => []) {
  const directives: Record<string, Array<string | ((req: unknown, res: unknown) => string)>> = directivesFor(config);
  // helmet drops nothing: an empty answer leaves only a space after 'self'.
  directives['form-action'] = ["'self'", () => formTargets().join(' ')];
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: config.mode === 'production' ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    xPoweredBy: false,
  });
}
