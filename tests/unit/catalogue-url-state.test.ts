import { describe, expect, it } from 'vitest';
import { parseListingUrl } from '../../app/plugins/catalogue/listing-url.server.ts';
import { compareSearch, listingSearch, parseCompareParts } from '../../app/plugins/catalogue/url-state.ts';

describe('catalogue listing URL', () => {
  it('reads ranges as typed, multi-select values, toggles, index, sort and pages', () => {
    const state = parseListingUrl(new URLSearchParams('min_ratedvoltage=100V&max_ratedvoltage=0.6+kV&stock=on&mounting=Module&mounting=SMD&index=N&sort=ratedcurrent&dir=desc&size=24&page=3'));
    expect(state).toMatchObject({
      ranges: { ratedvoltage: { min: '100V', max: '0.6 kV' } },
      values: { mounting: ['Module', 'SMD'], grade: [], approval: [], series: [] },
      stock: true,
      sample: false,
      index: 'N',
      sort: 'ratedcurrent',
      dir: 'desc',
      size: 24,
      page: 3,
    });
  });
  it('falls back to defaults one value at a time', () => {
    const state = parseListingUrl(new URLSearchParams('size=13&page=-1&index=AA&dir=up&sort=DROP%20TABLE&stock=yes'));
    expect(state).toMatchObject({ size: 12, page: 1, index: 'All', dir: 'asc', sort: undefined, stock: false });
  });
  it('keeps the page as asked: the listing names it with the last reachable one (REQ-SEARCH-4)', () => {
    expect(parseListingUrl(new URLSearchParams('page=9999&size=48')).page).toBe(9999);
  });
  it('writes the same state back, leaving out defaults', () => {
    const params = 'min_ratedvoltage=100V&mounting=Module&stock=on&index=N&sort=ratedcurrent&size=24';
    expect(listingSearch(parseListingUrl(new URLSearchParams(params)))).toBe(`?${params}`);
    expect(listingSearch(parseListingUrl(new URLSearchParams('')))).toBe('');
  });
});

describe('compare URL', () => {
  it('takes up to 6 part numbers, comma-separated or repeated, without duplicates', () => {
    expect(parseCompareParts(new URLSearchParams('parts=a1,B2&parts=b2&parts=C3'))).toEqual({ parts: ['A1', 'B2', 'C3'], dropped: 0 });
    expect(parseCompareParts(new URLSearchParams('parts=1,2,3,4,5,6,7,8'))).toEqual({ parts: ['1', '2', '3', '4', '5', '6'], dropped: 2 });
    expect(parseCompareParts(new URLSearchParams('parts=<script>,OK1'))).toEqual({ parts: ['OK1'], dropped: 0 });
    expect(compareSearch(['A1', 'B2'], { equal: 'hide' })).toBe('?parts=A1%2CB2&equal=hide');
  });
});
