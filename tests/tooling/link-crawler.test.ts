import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crawl, describeBroken } from '../support/link-crawler.ts';

/** The link check must fail when a page links to a page, an image or a host alias that is missing. */

const PAGES: Record<string, string> = {
  '/': '<a href="/about">About</a> <a href="/products?page=2">Next</a> <a href="https://example.org/x">Elsewhere</a> <a href="mailto:a@b.c">Mail</a>',
  '/about': '<a href="/missing-page">Gone</a> <img src="/logo.svg" alt=""> <a href="http://zh.example.cn/">中文</a> <a href="/moved">Moved</a>',
  '/products': '<a href="/products/only-from-page-2">Part</a>',
  '/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const host = req.headers.host ?? '';
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (host.startsWith('zh.example.cn')) {
      if (path === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="/nur-auf-zh">x</a>');
      return void res.writeHead(404).end();
    }
    if (path === '/moved') return void res.writeHead(301, { location: '/about' }).end();
    const page = PAGES[path];
    if (!page) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<a href="/elsewhere">not followed</a>');
    res.writeHead(200, { 'content-type': path.endsWith('.svg') ? 'image/svg+xml' : 'text/html' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('reports every missing internal link with the pages that link to it, and nothing else', async () => {
  const report = await crawl({ origin, aliases: ['http://zh.example.cn'], starts: ['/'], maxPages: 100 });
  const broken = report.broken.map((link) => [link.url.replace(origin, ''), link.status, link.referrers.map((r) => r.replace(origin, ''))]);
  expect(broken).toEqual(
    expect.arrayContaining([
      ['/missing-page', 404, ['/about']],
      ['http://zh.example.cn/nur-auf-zh', 404, ['http://zh.example.cn/']],
    ]),
  );
  expect(broken).toHaveLength(2);
  expect(describeBroken(report.broken)).toContain('/missing-page  <- ' + origin + '/about');
  // A paging permutation is checked but not followed; other sites and mail links are not checked.
  expect(report.visited.has(`${origin}/products?page=2`)).toBe(true);
  expect(report.visited.has(`${origin}/products/only-from-page-2`)).toBe(false);
  expect([...report.visited.keys()].some((url) => url.includes('example.org'))).toBe(false);
  expect(report.pages.map((page) => page.replace(origin, '')).sort()).toEqual(['/', '/about', 'http://zh.example.cn/'].sort());
});

it('stops at the page bound', async () => {
  const report = await crawl({ origin, starts: ['/'], maxPages: 2 });
  expect(report.visited.size).toBe(2);
});
