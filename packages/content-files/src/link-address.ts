/**
 * The addresses a link may have on this site: a path, a fragment or a query of its own, or an
 * http(s), mailto or tel address. The same schemes as rich text's sanitizer (app/cms/rich-text.server.ts):
 * `javascript:`, `vbscript:` and `data:` run script or draw a document of their own when clicked.
 */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;

export const LINK_ADDRESS_RULE = "a link's address is a path on this site, an https:// or http:// address, mailto: or tel:";

export function isSafeLinkAddress(href: string): boolean {
  // Read as a browser reads it (the URL parser drops tabs and line breaks inside the scheme, and
  // leading spaces); a relative address takes the base's scheme.
  try {
    return (LINK_SCHEMES as readonly string[]).includes(new URL(href, 'https://relative.invalid/').protocol);
  } catch {
    return false;
  }
}
