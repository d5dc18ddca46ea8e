/**
 * `value` as a path of this site, the way a browser follows it from a Location header (it drops
 * tabs and newlines and reads `\` as `/`, so `/<tab>/evil.example` is `//evil.example`); undefined
 * for anything that could leave the site. Used by every redirect that takes its target from a request.
 */
export function sameSitePath(value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters in a redirect target are refused on purpose
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || /[\u0000-\u001f\u007f]/.test(value)) return undefined;
  try {
    const url = new URL(value, 'http://site.invalid');
    // Dot segments can fold `/a/..//evil.example` into `//evil.example`: checked after resolving too.
    if (url.origin !== 'http://site.invalid' || url.pathname.startsWith('//')) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}
