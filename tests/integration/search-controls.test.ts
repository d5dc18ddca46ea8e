import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';

/**
 * The search page's controls judged by what they change on the page: the results themselves, never
 * the URL or the summary label (which once were computed from the URL and hid that paging, size
 * and sort never reached the Search API).
 */
const site = demoSiteForSuite({ SEARCH_PAGE_CACHE_SECONDS: '0' }, { shared: true });

async function page(query: string, prefix = ''): Promise<{ status: number; html: string }> {
  const response = await fetch(`${site.url}${prefix}/searchresult?${query}`, { headers: { dnt: '1' } });
  return { status: response.status, html: await response.text() };
}

/** The top-level results as listed: each one's heading link (folded parts are under an h4). */
function results(html: string): Array<{ href: string; text: string; datetime?: string }> {
  return [...html.matchAll(/<h3[^>]*>\s*<a[^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>\s*<\/h3>([\s\S]*?)(?=<h3|<\/ol>)/g)].map((match) => {
    const datetime = /<time[^>]*dateTime="([^"]+)"/.exec(match[3]!)?.[1];
    return { href: match[1]!, text: match[2]!, ...(datetime ? { datetime } : {}) };
  });
}

const summary = (html: string) => /<p class="result-count"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

describe.runIf(built)('paging, page size and sort reach the Search API', () => {
  it('pages 1, 2 and 3 show 12 different results each', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => page(`q=relay&page=${n}`)));
    const hrefs = pages.map(({ html }) => results(html).map((result) => result.href));
    for (const list of hrefs) expect(list).toHaveLength(12);
    expect(new Set(hrefs.flat()).size).toBe(36);
  });

  it('size=24 and size=48 show 24 and 48 results; a size not offered is refused (400), not silently 12', async () => {
    expect(results((await page('q=relay&size=24')).html)).toHaveLength(24);
    expect(results((await page('q=relay&size=48')).html)).toHaveLength(48);
    const refused = await page('q=relay&size=7');
    expect(refused.status).toBe(400);
    expect(results(refused.html)).toHaveLength(0);
  });

  it('sort=partnumber lists part numbers in order', async () => {
    const { html } = await page('q=relay&tab=parametric&sort=partnumber&size=24');
    const parts = results(html).map((result) => result.text);
    expect(parts.length).toBe(24);
    // Natural order, as an engineer reads part numbers: CPC8 before CPC13.
    const natural = new Intl.Collator('en', { numeric: true });
    expect(parts).toEqual([...parts].sort(natural.compare));
    expect(parts).not.toEqual(results((await page('q=relay&tab=parametric&size=24')).html).map((result) => result.text));
  });

  it('sort=newest lists dates newest first and differs from relevance', async () => {
    const { html } = await page('q=relay&sort=newest&size=24');
    // Parts carry no publication date (docs/decisions/0177): the dated results shown are newest first.
    const dates = results(html).map((result) => result.datetime).filter(Boolean);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(results(html).map((r) => r.href)).not.toEqual(results((await page('q=relay&size=24')).html).map((r) => r.href));
  });

  it('the summary counts what the answer holds: the last page shows its real range', async () => {
    const first = await page('q=relay');
    const total = Number(/data-total="(\d+)"/.exec(first.html)?.[1]);
    expect(total).toBeGreaterThan(24);
    const lastPage = Math.ceil(total / 12);
    const last = await page(`q=relay&page=${lastPage}`);
    const shown = results(last.html).length;
    expect(shown).toBe(total - (lastPage - 1) * 12);
    expect(summary(last.html)).toContain(`${(lastPage - 1) * 12 + 1}–${total}`);
  });

  it('a page past the last says so and links to the last page, never "Results 433–143 of 143"', async () => {
    const first = await page('q=relay');
    const total = Number(/data-total="(\d+)"/.exec(first.html)?.[1]);
    const beyond = await page('q=relay&page=400');
    expect(results(beyond.html)).toHaveLength(0);
    expect(beyond.status).toBe(404);
    expect(summary(beyond.html)).not.toMatch(/Results \d/);
    expect(beyond.html).toContain(`page=${Math.ceil(total / 12)}`);
  });
});

/** The type of each top-level result, from its list item's class (result--product, result--document, ...). */
const resultTypes = (html: string) => [...html.matchAll(/<li class="result result--([a-z]+)"/g)].map((match) => match[1]!);
const totalOf = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1] ?? 'NaN');

describe.runIf(built)('scopes narrow the results (REQ-SEARCH-3)', () => {
  const allowed: Record<string, string[]> = {
    products: ['product'],
    applications: ['page'],
    designcenter: ['document'],
    technicaldocuments: ['document'],
    company: ['news', 'event', 'location', 'contact', 'page'],
  };
  it.each(Object.keys(allowed))('scope=%s shows fewer results, all of its kind', async (scope) => {
    // Company pages and news rarely say "protection": each scope gets a word its own content uses.
    const q = scope === 'company' ? 'sensor' : 'protection';
    const everything = await page(`q=${q}&size=48`);
    const scoped = await page(`q=${q}&scope=${scope}&size=48`);
    expect(scoped.status).toBe(200);
    const types = resultTypes(scoped.html);
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((type) => allowed[scope]!.includes(type))).toBe(true);
    expect(totalOf(scoped.html)).toBeLessThan(totalOf(everything.html));
    // The selector beside the box shows the scope chosen.
    expect(scoped.html).toMatch(new RegExp(`<option value="${scope}" selected=""`));
  });

  it('design center documents are application notes or technical papers', async () => {
    const { html } = await page('q=protection&scope=designcenter&size=24');
    const metas = [...html.matchAll(/<li class="result result--document"[\s\S]*?<p class="result__meta">([^<·]*)/g)].map((match) => match[1]!.trim());
    expect(metas.length).toBeGreaterThan(0);
    expect(metas.every((meta) => /Application Note|Technical Paper/.test(meta))).toBe(true);
  });
});

describe.runIf(built)('what cannot be searched is named, with a 4xx', () => {
  it('an unknown tab or scope is a 400 that names it, not a silent fallback', async () => {
    const tab = await page('q=fuse&tab=nonsense');
    expect(tab.status).toBe(400);
    expect(tab.html).toContain('There is no search section “nonsense”');
    expect(results(tab.html)).toHaveLength(0);
    const scope = await page('q=fuse&scope=everything-else');
    expect(scope.status).toBe(400);
    expect(scope.html).toContain('There is no search scope “everything-else”');
  });

  it('an invalid date facet value is a 400 naming the value, in the page language', async () => {
    const english = await page('q=fuse&f.date=not-a-date');
    expect(english.status).toBe(400);
    expect(english.html).toContain('“not-a-date” is not a date range for the Date filter');
    const german = await page('q=fuse&f.date=not-a-date', '/de');
    expect(german.status).toBe(400);
    expect(german.html).toContain('„not-a-date“ ist kein Datumsbereich');
    // A real range is searched.
    expect((await page('q=fuse&f.date=2020-01-01..2030-01-01')).status).toBe(200);
  });

  it('prototype keys name no sort or facet: sort=toString, f.constructor', async () => {
    // Named as the unknown sort it is (400), never read from Object.prototype.
    const sorted = await page('q=fuse&sort=toString');
    expect(sorted.status).toBe(400);
    expect(sorted.html).toContain('“toString” is not an order of the results.');
    expect((await page('q=fuse&f.constructor=a')).status).toBeLessThan(500);
  });
});

describe.runIf(built)('folded counts agree with what is shown', () => {
  it('a folded search says how many series and how many items in all', async () => {
    const { html } = await page('q=relay&tab=parametric');
    const total = totalOf(html);
    expect(results(html)).toHaveLength(12);
    const text = summary(html);
    expect(text).toMatch(new RegExp(`Results 1–12 of ${total} \\(series and documents; [\\d,]+ items in all`));
    const unfolded = Number(/; ([\d,]+) items/.exec(text)![1]!.replaceAll(',', ''));
    expect(unfolded).toBeGreaterThan(total);
    // Sorted, the same set is counted the same way: series, and the same items in all (decision 0080).
    const sorted = (await page('q=relay&tab=parametric&sort=partnumber')).html;
    expect(totalOf(sorted)).toBe(total);
    expect(summary(sorted)).toContain(`; ${/; ([\d,]+) items/.exec(text)![1]!} items in all`);
  });
});

describe.runIf(built)('a search that finds nothing', () => {
  // Recommendations come from the category the query names, or are left out (decision 0161; tests/integration/search-parts.test.ts).
  it('shows recommended parts of the category the query names, rendered on the server, each opening a page that exists', async () => {
    const { status, html } = await page('q=fuse%20zzqqxx');
    expect(status).toBe(200);
    expect(totalOf(html)).toBe(0);
    expect(html).toContain('Parts you may be looking for');
    const links = [...html.matchAll(/<a[^>]*class="recommendation__part"[^>]*href="([^"]+)"|<a[^>]*href="([^"]+)"[^>]*class="recommendation__part"/g)].map((match) => match[1] ?? match[2]!);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((href) => href.includes('/fuses/')).length).toBe(links.length);
    for (const href of links.slice(0, 3)) expect((await fetch(`${site.url}${href}`)).status).toBe(200);
  });
});

describe.runIf(built)('range facets (REQ-FACET-5: 8 values, ascending, even)', () => {
  it('offers at most 8 rating ranges with round log-scale edges, in ascending order (REQ-FACET-8)', async () => {
    const { html } = await page('q=fuse');
    const ranges = [...html.matchAll(/href="[^"]*min\.ratedcurrent=([\d.e-]+)&amp;max\.ratedcurrent=([\d.e-]+)/g)].map((match) => [Number(match[1]), Number(match[2])] as const);
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges.length).toBeLessThanOrEqual(8);
    const round = (value: number) => [1, 2, 5].some((step) => Math.abs(Math.log10(value / step) - Math.round(Math.log10(value / step))) < 1e-9);
    for (const [start, end] of ranges) expect(round(start) && round(end) && end / start >= 2, `${start}..${end}`).toBe(true);
    const starts = ranges.map(([start]) => start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});
