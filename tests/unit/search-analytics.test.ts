import { describe, expect, it } from 'vitest';
import { NOT_PROVIDED, PAGE_VIEW_FIELDS, pageViewRecord } from '~/cms/page-view.ts';
import { describeSearchAction } from '~/plugins/search/analytics.ts';
import { SEARCH_TABS } from '~/plugins/search/sections.ts';
import { parseSearchUrl } from '~/plugins/search/url-state.ts';

const state = (query: string) => parseSearchUrl(new URLSearchParams(query), SEARCH_TABS);
const facet = (id: string) => SEARCH_TABS.flatMap((tab) => tab.facets).find((f) => f.id === id);
const cause = (from: string | null, to: string, corrected = false) => describeSearchAction(from === null ? null : state(from), state(to), facet, corrected);

describe('the analytics event of a search page visit', () => {
  it('tells the cause from the state the visitor came from', () => {
    expect(cause(null, 'q=fuse')).toMatchObject({ kind: 'search', actionCause: 'interfaceLoad' });
    expect(cause('q=fuse', 'q=relay')).toMatchObject({ actionCause: 'searchboxSubmit', actionType: 'search box' });
    expect(cause('q=fuse', 'q=fuse&tab=parametric')).toMatchObject({ actionCause: 'interfaceChange', customData: { interfaceChangeTo: 'parametric' } });
    expect(cause('q=fuse', 'q=fuse&page=2')).toMatchObject({ actionCause: 'pagerNumber', customData: { pagerNumber: 2 } });
    expect(cause('q=fuse', 'q=fuse&size=24')).toMatchObject({ actionCause: 'pagerResize', customData: { currentResultsPerPage: 24 } });
    expect(cause('q=fuse', 'q=fuse&sort=newest')).toMatchObject({ actionCause: 'resultsSort', customData: { resultsSortBy: 'newest' } });
    expect(cause('q=varsitor', 'q=varsitor', true)).toMatchObject({ actionCause: 'didyoumeanAutomatic' });
    expect(cause('q=varsitor', 'q=varsitor&exact=1')).toMatchObject({ actionCause: 'didyoumeanClick' });
  });

  it('adds the facet title to facet events, from the facet id (REQ-ANALYTICS-2)', () => {
    expect(cause('q=fuse', 'q=fuse&f.market=Automotive')).toEqual({
      kind: 'search',
      actionCause: 'facetSelect',
      actionType: 'facet',
      customData: { facetId: 'market', facetField: 'market', facetTitle: 'Market', facetValue: 'Automotive' },
    });
    expect(cause('q=fuse&f.market=Automotive&f.market=Industrial', 'q=fuse&f.market=Industrial')).toMatchObject({ actionCause: 'facetDeselect', customData: { facetTitle: 'Market', facetValue: 'Automotive' } });
    expect(cause('q=fuse', 'q=fuse&min.ratedcurrent=1&max.ratedcurrent=10')).toMatchObject({ actionCause: 'facetSelect', customData: { facetTitle: 'Rated current', facetValue: '1..10' } });
    expect(cause('q=fuse&f.market=Automotive&min.ratedcurrent=1', 'q=fuse')).toMatchObject({ actionCause: 'breadcrumbResetAll' });
  });

  it('makes show more and show less custom events, with the facet title', () => {
    expect(cause('q=fuse', 'q=fuse&more=market')).toEqual({ kind: 'custom', eventType: 'facet', eventValue: 'showMoreFacetResults', customData: { facetId: 'market', facetField: 'market', facetTitle: 'Market' } });
    expect(cause('q=fuse&more=market', 'q=fuse')).toMatchObject({ kind: 'custom', eventValue: 'showLessFacetResults' });
  });
});

describe('the page-view record (REQ-ANALYTICS-1)', () => {
  it('has every field, with "not provided" where the page has no value', () => {
    const record = pageViewRecord({ site_section: 'products', language: 'de', L1: 'Circuit Protection', L2: '  ', business_unit: null });
    expect(Object.keys(record)).toEqual([...PAGE_VIEW_FIELDS]);
    expect(record).toMatchObject({ site_section: 'products', language: 'de', L1: 'Circuit Protection', L2: NOT_PROVIDED, business_unit: NOT_PROVIDED, user_id: NOT_PROVIDED, 'L6.5': NOT_PROVIDED });
  });
});
