import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { rawRequest } from '../support/raw-http.ts';
import { visibleText } from '../support/visible-text.ts';

/**
 * A search or listing URL that cannot be searched as asked answers 4xx and says why in the page's
 * language, with the form to set it right; never a page that looks filtered but is not.
 */
const site = demoSiteForSuite({ SEARCH_PAGE_CACHE_SECONDS: '0' }, { shared: true });

async function page(path: string) {
  const response = await rawRequest(site.url, path, { headers: { dnt: '1' } });
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(response.body)?.[1] ?? '';
  const language = /<html[^>]*lang="([^"]+)"/.exec(response.body)?.[1] ?? 'en';
  return { status: response.status, text: visibleText(main, language).join(' '), html: main };
}
/** The number of results the page says it found (data-total of its summary), or undefined when it shows none. */
const total = (html: string) => {
  const found = /data-total="(\d+)"/.exec(html)?.[1];
  return found === undefined ? undefined : Number(found);
};

describe.runIf(built)('a search range the page cannot search', () => {
  it('answers a range entered backwards with 400, the message, no filter chip, and its inputs to fix it', async () => {
    const backwards = await page('/searchresult?q=fuse&min.ratedcurrent=10&max.ratedcurrent=1');
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('The Rated current filter runs from 10 A to 1 A. The minimum must not be greater than the maximum.');
    expect(backwards.text).not.toContain('Rated current: 10 A – 1 A ×');
    expect(backwards.html).toMatch(/<input[^>]*name="min\.ratedcurrent"[^>]*value="10"/);
    expect(backwards.html).toMatch(/<input[^>]*name="max\.ratedcurrent"[^>]*value="1"/);
    // The right way round it filters.
    const forwards = await page('/searchresult?q=fuse&min.ratedcurrent=1&max.ratedcurrent=10');
    expect(forwards.status).toBe(200);
    expect(total(forwards.html)).toBeLessThan(total((await page('/searchresult?q=fuse')).html)!);
  });

  it('answers a bound that is no number with 400, naming it', async () => {
    for (const value of ['abc', '1e999']) {
      const response = await page(`/searchresult?q=fuse&min.ratedcurrent=${value}`);
      expect(response.status, value).toBe(400);
      expect(response.text, value).toContain(`“${value}” is not a number for the Rated current filter.`);
    }
  });

  it('says it in the page language', async () => {
    const german = await page('/de/searchresult?q=fuse&min.ratedcurrent=10&max.ratedcurrent=1');
    expect(german.status).toBe(400);
    expect(german.text).toContain('Das Minimum darf nicht größer als das Maximum sein.');
    const japanese = await page('/ja-jp/searchresult?q=fuse&min.ratedcurrent=abc');
    expect(japanese.status).toBe(400);
    expect(japanese.text).toContain('「abc」は');
  });
});

describe.runIf(built)('a parameter the page does not know', () => {
  it('answers a listing page, sort or size it cannot show with 400 and the message', async () => {
    const listing = '/products/circuit-protection/fuses/cartridge-fuses';
    const cases: Array<[string, string]> = [
      ['page=abc', '“abc” is not a page number.'],
      ['sort=bogus', '“bogus” is not a column to sort by.'],
      ['size=7', '“7” is not a page size. Choose 12, 24 or 48.'],
    ];
    for (const [query, message] of cases) {
      const response = await page(`${listing}?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.text, query).toContain(message);
    }
    expect((await page(`${listing}?page=2&sort=partnumber&size=24`)).status).toBe(200);
    const german = await page(`${listing}?size=7`);
    expect(german.status).toBe(400);
  });

  it('answers an unknown search filter, a size not offered and a malformed escape with 400 and the message', async () => {
    const bogus = await page('/searchresult?q=fuse&f.bogus=1');
    expect(bogus.status).toBe(400);
    expect(bogus.text).toContain('There is no filter “bogus”.');
    expect(bogus.text).not.toMatch(/bogus\s*:\s*1 ×/);
    const size = await page('/searchresult?q=fuse&size=13');
    expect(size.status).toBe(400);
    expect(size.text).toContain('“13” is not a page size. Choose 12, 24 or 48.');
    const escape = await page('/searchresult?q=%E0%A4');
    expect(escape.status).toBe(400);
    expect(escape.text).toContain('The “q” part of the address is not written correctly');
    expect(escape.text).not.toContain('�');
    const sort = await page('/searchresult?q=fuse&sort=bogus');
    expect(sort.status).toBe(400);
    expect(sort.text).toContain('“bogus” is not an order of the results.');
    const german = await page('/de/searchresult?q=fuse&f.bogus=1');
    expect(german.status).toBe(400);
    expect(german.text).toContain('Es gibt keinen Filter „bogus“.');
  });
});

describe.runIf(built)('the date filter in the page language', () => {
  /** The Date facet's values as the visitor reads them (each without its count). */
  const dateValues = async (prefix: string) => {
    const { html } = await page(`${prefix}/searchresult?q=fuse`);
    const fieldset = [...html.matchAll(/<fieldset[^>]*>([\s\S]*?)<\/fieldset>/g)].map((match) => match[1]!).find((inner) => /name="f\.date"/.test(inner)) ?? '';
    return [...fieldset.matchAll(/<label>([\s\S]*?)<\/label>/g)].map((match) => visibleText(match[1]!.replace(/<span class="facet__count">[\s\S]*?<\/span>/, ''), 'en').join(' ').trim());
  };

  it('writes the range dates as the page language writes dates', async () => {
    const english = await dateValues('');
    expect(english.length).toBeGreaterThan(0);
    // REQ-UI-2: MM/DD/YYYY in English.
    for (const value of english) expect(value).toMatch(/^\d{2}\/\d{2}\/\d{4} – \d{2}\/\d{2}\/\d{4}$/);
    for (const value of await dateValues('/de')) expect(value).toMatch(/^\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}$/);
    for (const value of await dateValues('/ja-jp')) expect(value).toMatch(/^\d{4}\/\d{2}\/\d{2} – \d{4}\/\d{2}\/\d{2}$/);
  });
});

describe.runIf(built)('compare with equal rows hidden', () => {
  it('hides the series row when every part is of one series, and shows it when they differ', async () => {
    const rowNames = (html: string) => [...html.matchAll(/<th scope="row">([\s\S]*?)<\/th>/g)].map((match) => visibleText(match[1]!, 'en').join(' ').trim());
    const same = await page('/products/compare?parts=SMBJ12A,SMBJ13A,SMBJ15A&equal=hide');
    expect(same.status).toBe(200);
    expect(same.text).toContain('SMBJ12A');
    expect(rowNames(same.html)).not.toContain('Series');
    const all = await page('/products/compare?parts=SMBJ12A,SMBJ13A,SMBJ15A');
    expect(rowNames(all.html)).toContain('Series');
  });
});
