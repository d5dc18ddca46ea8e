/**
 * A tiny cookie-keeping HTTP client for integration tests: follows redirects by hand (so each hop
 * can be inspected) and keeps cookies by name, as a browser would on one host.
 */
export class CookieClient {
  readonly cookies = new Map<string, string>();
  readonly hops: Array<{ url: string; status: number }> = [];

  constructor(private readonly origin: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const absolute = new URL(url, this.origin).toString();
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const response = await fetch(absolute, { ...init, headers, redirect: 'manual' });
    this.keep(response);
    this.hops.push({ url: absolute, status: response.status });
    return response;
  }

  /** GET (or the given request), then follow redirects as GETs; answers the last response. */
  async follow(url: string, init: RequestInit = {}, limit = 15): Promise<Response> {
    let response = await this.request(url, init);
    let current = new URL(url, this.origin).toString();
    for (let n = 0; n < limit && response.status >= 300 && response.status < 400; n += 1) {
      current = new URL(response.headers.get('location')!, current).toString();
      await response.body?.cancel();
      response = await this.request(current);
    }
    return response;
  }
}

/** Signs in through the real flow (site → provider login form → callback); answers the final page. */
export async function signIn(client: CookieClient, options: { email: string; password: string; redirectTo: string }): Promise<Response> {
  const loginPage = await client.follow(`/login?${new URLSearchParams({ redirectTo: options.redirectTo })}`);
  const html = await loginPage.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form on ${loginPage.url}: ${html.slice(0, 200)}`);
  // The form's action is relative to the provider's page, which may be on another origin.
  return client.follow(new URL(action.replaceAll('&amp;', '&'), client.hops.at(-1)!.url).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: options.email, password: options.password }),
  });
}
