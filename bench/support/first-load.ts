import { gzipSync } from 'node:zlib';

/** The most first-load JavaScript a public page type may have, gzip (issue 20's target, decision 0059). */
export const FIRST_LOAD_BUDGET_KB = 120;

/** The modules a document preloads (`modulepreload` and `modulepreload-after-paint`), and their gzip sizes. */
export async function firstLoad(base: string, pagePath: string): Promise<Array<{ file: string; gzip: number }>> {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const scripts = [...new Set([...html.matchAll(/<link rel="modulepreload(?:-after-paint)?" href="([^"]+)"/g)].map((match) => match[1]!))];
  return Promise.all(scripts.map(async (file) => ({ file, gzip: gzipSync(Buffer.from(await (await fetch(`${base}${file}`)).arrayBuffer())).length })));
}
