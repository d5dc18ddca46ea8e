import { describe, expect, it } from 'vitest';
import { resultHref, triggerTargetHref } from '~/plugins/search/result-links.ts';

const OWN = ['https://www.voltaris.example'];

describe('resultHref (issue 17 item 2)', () => {
  it('gives a page in every language the visitor language prefix', () => {
    expect(resultHref('/products/circuit-protection/fuses', 'de', ['English', 'German', 'Japanese', 'Chinese'])).toBe('/de/products/circuit-protection/fuses');
    expect(resultHref('/products/circuit-protection/fuses', 'ja-jp')).toBe('/ja-jp/products/circuit-protection/fuses');
  });

  it('gives a page that exists in the visitor language its prefix, and leaves one only in English as it is', () => {
    expect(resultHref('/support/faq#fuses-1', 'de', ['German'])).toBe('/de/support/faq#fuses-1');
    expect(resultHref('/company/news/12', 'de', ['English'])).toBe('/company/news/12');
  });

  it('keeps a prefix the index already gave, and files, and English and Chinese paths', () => {
    expect(resultHref('/de/support/faq#x', 'ja-jp', ['German'])).toBe('/de/support/faq#x');
    expect(resultHref('/media/resources/datasheet/umov-datasheet-de.pdf', 'de', ['German'])).toBe('/media/resources/datasheet/umov-datasheet-de.pdf');
    expect(resultHref('/products/x', 'en')).toBe('/products/x');
    expect(resultHref('/products/x', 'zh')).toBe('/products/x');
  });

  it("turns the site's own absolute URLs into paths on the visitor's host, and leaves other sites alone", () => {
    expect(resultHref('https://www.voltaris.example/company/about', 'de', undefined, OWN)).toBe('/de/company/about');
    expect(resultHref('https://careers.voltaris.example/', 'de', undefined, OWN)).toBe('https://careers.voltaris.example/');
  });
});

describe('triggerTargetHref (issue 17 item 4)', () => {
  it("localizes this site's pages and keeps other sites' http(s) URLs", () => {
    expect(triggerTargetHref('/company/contact', 'de')).toBe('/de/company/contact');
    expect(triggerTargetHref('/company/contact', 'en')).toBe('/company/contact');
    expect(triggerTargetHref('/de/company/contact', 'de')).toBe('/de/company/contact');
    expect(triggerTargetHref('https://careers.voltaris.example/', 'de')).toBe('https://careers.voltaris.example/');
    expect(triggerTargetHref('https://www.voltaris.example/company/contact', 'ja-jp', OWN)).toBe('/ja-jp/company/contact');
  });

  it('refuses what is not a page or an http(s) URL', () => {
    expect(triggerTargetHref('javascript:alert(1)', 'en')).toBeUndefined();
    expect(triggerTargetHref('//evil.example/x', 'en')).toBeUndefined();
    expect(triggerTargetHref('contact', 'en')).toBeUndefined();
  });
});
