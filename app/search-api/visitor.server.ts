import type { AppLoadContext } from '@remix-run/node';

/**
 * The header that names the visitor on a call to the Search API, as Coveo expects from a server
 * calling on its visitors' behalf (X-Forwarded-For): the service's rate limit then counts each
 * visitor, not the whole site (issue 19). The address is Express's req.ip under its trust-proxy
 * setting, never a header the client sent.
 */
export function visitorHeaders(context: AppLoadContext): Record<string, string> {
  return context.clientAddress ? { 'x-forwarded-for': context.clientAddress } : {};
}
