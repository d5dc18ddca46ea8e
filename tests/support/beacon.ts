/**
 * A page, then its analytics beacon as a browser without JavaScript asks for it (the page's image,
 * with the same headers). The beacon's answer is what sets the visitor's cookies (decision 0049).
 */
export async function visitWithBeacon(origin: string, path: string, headers: Record<string, string> = {}): Promise<{ html: string; beacon: Response; cookie: string }> {
  const html = await (await fetch(`${origin}${path}`, { headers })).text();
  const src = /<img class="page-beacon" src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!src) throw new Error(`${path} has no beacon`);
  const beacon = await fetch(`${origin}${src}`, { headers: { ...headers, 'sec-fetch-site': 'same-origin' } });
  const cookie = beacon.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { html, beacon, cookie };
}
