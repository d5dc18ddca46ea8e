import { describe, expect, it } from 'vitest';
import { SEARCH_TABS } from '~/plugins/search/sections.ts';
import { facetToFreeze, isValidRange, parseSearchUrl, searchUrlParams, toggleFacetValue, withChange } from '~/plugins/search/url-state.ts';

const parse = (query: string) => parseSearchUrl(new URLSearchParams(query), SEARCH_TABS);

describe('search URL state', () => {
  it('round-trips every part of the state', () => {
    const state = parse('q=fuse&tab=parametric&f.market=Automotive&f.market=Energy&f.category=Circuit%20Protection%7CFuses&min.current=0.5&max.current=2&sort=newest&page=3&size=24&more=series&fs.series=045&collection=series-0451');
    expect(state).toEqual({
      q: 'fuse',
      tab: 'parametric',
      facets: { market: ['Automotive', 'Energy'], category: ['Circuit Protection|Fuses'] },
      ranges: { current: { min: 0.5, max: 2 } },
      sort: 'newest',
      page: 3,
      size: 24,
      exact: false,
      expanded: ['series'],
      facetSearch: { series: '045' },
      collection: 'series-0451',
    });
    expect(parseSearchUrl(searchUrlParams(state), SEARCH_TABS)).toEqual(state);
  });

  it('falls back to defaults for values it does not know', () => {
    expect(parse('tab=nope&sort=cheapest&page=-4&size=13&f.bad%20id=x')).toMatchObject({ tab: 'mainsearch', sort: 'relevance', page: 1, size: 12, facets: {} });
    // The page as asked: the loader searches the last reachable one (REQ-SEARCH-4) and names both.
    expect(parse('page=9999').page).toBe(9999);
  });

  it('returns to the first page when the query, a facet, the tab, the sort or the size changes (REQ-SEARCH-5)', () => {
    const state = parse('q=fuse&page=4');
    expect(toggleFacetValue(state, 'market', 'Automotive')).toMatchObject({ page: 1, facets: { market: ['Automotive'] } });
    expect(toggleFacetValue(parse('f.market=Automotive&page=2'), 'market', 'Automotive')).toMatchObject({ page: 1, facets: {} });
    expect(withChange(state, { tab: 'parametric' }).page).toBe(1);
    expect(withChange(state, { size: 48 }).page).toBe(1);
    expect(withChange(state, { page: 5 }).page).toBe(5);
  });

  it('keeps the URL short: defaults are left out', () => {
    expect(searchUrlParams(parse('q=relay')).toString()).toBe('q=relay&tab=mainsearch');
  });

  it('reads numeric ranges, one bound or both, and tells a reversed range', () => {
    const state = parseSearchUrl(new URLSearchParams('min.ratedcurrent=0.25&max.ratedcurrent=10&max.ratedvoltage=600&min.bad=abc'), SEARCH_TABS);
    expect(state.ranges).toEqual({ ratedcurrent: { min: 0.25, max: 10 }, ratedvoltage: { max: 600 } });
    expect(isValidRange({ min: 1, max: 10 })).toBe(true);
    expect(isValidRange({ min: 1 })).toBe(true);
    expect(isValidRange({ min: 10, max: 1 })).toBe(false);
  });
});

describe('recent results (REQ-BOX-6)', () => {
  it('keeps the newest first, without duplicates by uniqueId, at most 10', async () => {
    const { rememberResult } = await import('~/plugins/search/recent.ts');
    const item = (n: number) => ({ uniqueId: `id-${n}`, title: `Result ${n}`, clickUri: `/r/${n}` });
    let list = Array.from({ length: 12 }, (_, n) => n).reduce((acc, n) => rememberResult(acc, item(n)), [] as ReturnType<typeof rememberResult>);
    expect(list.map((r) => r.uniqueId)).toEqual(['id-11', 'id-10', 'id-9', 'id-8', 'id-7', 'id-6', 'id-5', 'id-4', 'id-3', 'id-2']);
    list = rememberResult(list, item(5));
    expect(list.map((r) => r.uniqueId).slice(0, 3)).toEqual(['id-5', 'id-11', 'id-10']);
    expect(list).toHaveLength(10);
  });
});

describe('facet freeze (REQ-FACET-2)', () => {
  it('freezes the one facet whose selection alone changed, while a value stays selected', () => {
    expect(facetToFreeze(parse('q=fuse'), parse('q=fuse&f.market=Energy'))).toBe('market');
    expect(facetToFreeze(parse('q=fuse&f.market=Energy&page=3'), parse('q=fuse&f.market=Energy&f.market=Automotive'))).toBe('market');
    expect(facetToFreeze(parse('q=fuse&f.market=Energy&f.market=Automotive'), parse('q=fuse&f.market=Automotive'))).toBe('market');
  });

  it('resets on deselect-all, and freezes nothing when anything else changed', () => {
    expect(facetToFreeze(parse('q=fuse&f.market=Energy'), parse('q=fuse'))).toBeUndefined();
    expect(facetToFreeze(null, parse('q=fuse&f.market=Energy'))).toBeUndefined();
    expect(facetToFreeze(parse('q=fuse'), parse('q=relay&f.market=Energy'))).toBeUndefined();
    expect(facetToFreeze(parse('q=fuse'), parse('q=fuse&f.market=Energy&f.filetype=pdf'))).toBeUndefined();
    expect(facetToFreeze(parse('q=fuse'), parse('q=fuse&f.market=Energy&size=24'))).toBeUndefined();
    expect(facetToFreeze(parse('q=fuse&f.market=Energy'), parse('q=fuse&f.market=Energy'))).toBeUndefined();
  });
});
