import http from 'node:http';

/**
 * A bounded crawl of a running site: every internal link (href, src, sitemap <loc>) reached from the
 * start pages must answer below 400. Both the global origin and the Chinese one are internal; the
 * Chinese host is reached on the same socket address with its own Host header, as a proxy would.
 */

export interface CrawlOptions {
  /** The global site, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** Further origins served by the same process (the Chinese host), reached at `origin`'s address. */
  aliases?: readonly string[];
  /** Absolute URLs, or paths on `origin`. */
  starts: readonly string[];
  maxPages: number;
  concurrency?: number;
}

export interface BrokenLink {
  url: string;
  status: number | 'no answer';
  referrers: string[];
}

export interface CrawlReport {
  /** Every URL fetched, with its status. */
  visited: Map<string, number | 'no answer'>;
  /** HTML pages that answered 200, without a query string. */
  pages: string[];
  broken: BrokenLink[];
}

/** Search pages and paging, sort and filter permutations: checked where linked, not followed further. */
const PERMUTATION = /[?&](page|size|sort|f\.[^=]*|min\.[^=]*|max\.[^=]*|fs\.[^=]*|index|letter|q|collection|scope|tab)=/;
/** Not pages: protocol endpoints and the sign-in flow, which the crawler cannot walk through. */
const SKIPPED = /^\/(rest|oidc|api|login|logout|sitecore|solr|clientapi)(\/|\?|$)/;

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function get(target: URL, connectTo: URL): Promise<{ status: number; type: string; location?: string; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: connectTo.hostname,
        port: connectTo.port,
        path: target.pathname + target.search,
        agent,
        headers: { host: target.host, dnt: '1', accept: 'text/html,application/xml;q=0.9,*/*;q=0.8' },
        timeout: 30_000,
      },
      (response) => {
        const type = String(response.headers['content-type'] ?? '');
        const chunks: Buffer[] = [];
        const keep = /html|xml/.test(type) && (response.statusCode ?? 0) < 300;
        response.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            type,
            location: response.headers.location,
            retryAfter: response.headers['retry-after'] as string | undefined,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
  });
}

export function linksIn(body: string): string[] {
  const out: string[] = [];
  for (const match of body.matchAll(/(?:href|src)="([^"]*)"|<loc>([^<]+)<\/loc>/g)) {
    const raw = (match[1] ?? match[2] ?? '').replace(/&amp;/g, '&').replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    if (!raw || raw.startsWith('#') || /^(mailto:|tel:|javascript:|data:|blob:)/i.test(raw)) continue;
    out.push(raw);
  }
  return out;
}

export async function crawl(options: CrawlOptions): Promise<CrawlReport> {
  const site = new URL(options.origin);
  const internal = new Set([site.origin, ...(options.aliases ?? []).map((alias) => new URL(alias).origin)]);
  const referrers = new Map<string, string[]>();
  const queue: string[] = [];
  const visited = new Map<string, number | 'no answer'>();
  const pages: string[] = [];
  const broken: BrokenLink[] = [];

  const add = (url: string, from: string | null) => {
    if (!referrers.has(url)) {
      if (referrers.size >= options.maxPages) return;
      referrers.set(url, []);
      queue.push(url);
    }
    const list = referrers.get(url)!;
    if (from && list.length < 3 && !list.includes(from)) list.push(from);
  };
  const normalize = (raw: string, base: URL): URL | undefined => {
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      return undefined;
    }
    if (!internal.has(url.origin) || SKIPPED.test(url.pathname)) return undefined;
    url.hash = '';
    return url;
  };

  for (const start of options.starts) add(new URL(start, site).href, null);

  const visit = async (href: string) => {
    const url = new URL(href);
    let answer: Awaited<ReturnType<typeof get>> | undefined;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      answer = await get(url, site).catch(() => undefined);
      if (!answer || (answer.status !== 429 && answer.status !== 503)) break;
      // Told to slow down: wait as asked (at most 5 s) and try again.
      await new Promise((resolve) => setTimeout(resolve, Math.min(5, Number(answer!.retryAfter) || 1) * 1000));
    }
    const status = answer?.status ?? 'no answer';
    visited.set(href, status);
    if (!answer || answer.status >= 400) {
      broken.push({ url: href, status, referrers: referrers.get(href) ?? [] });
      return;
    }
    if (answer.status >= 300) {
      const target = answer.location ? normalize(answer.location, url) : undefined;
      if (target) add(target.href, href);
      return;
    }
    if (!/html|xml/.test(answer.type)) return;
    if (/html/.test(answer.type) && !url.search) pages.push(href);
    const expand = !PERMUTATION.test(url.search) || options.starts.some((start) => new URL(start, site).href === href);
    if (!expand) return;
    for (const raw of linksIn(answer.body)) {
      const target = normalize(raw, url);
      if (target) add(target.href, href);
    }
  };

  // A worker that finds the queue empty waits while others may still add links.
  let inFlight = 0;
  const workers = Array.from({ length: options.concurrency ?? 4 }, async () => {
    for (;;) {
      const next = queue.shift();
      if (next === undefined) {
        if (inFlight === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      inFlight += 1;
      try {
        await visit(next);
      } finally {
        inFlight -= 1;
      }
    }
  });
  await Promise.all(workers);
  return { visited, pages, broken };
}

export function describeBroken(broken: readonly BrokenLink[]): string {
  return broken.map((link) => `${link.status} ${link.url}  <- ${link.referrers.join(' , ') || '(start)'}`).join('\n');
}
