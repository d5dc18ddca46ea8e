import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { translator } from '~/cms/use-site-shell.ts';
import { SearchHistory, type SearchHistoryValues } from '~/plugins/search/SearchHistory.tsx';
import { searchHistoryHtml } from '~/plugins/search/search-history.server.ts';
import { parseSearchUrl, recentQueryHref } from '~/plugins/search/url-state.ts';
import { registry } from '~/plugins/registry.ts';

// The search page's personal slot is written without React for each returning visitor served a
// copy of the page (decision 0035): it must be what React renders, character for character.
const state = parseSearchUrl(new URLSearchParams('q=fuse&tab=parametric&f.market=Automotive'), registry.searchTabs());
const queryHref = (query: string) => recentQueryHref('/de/searchresult', state, query);

const CASES: Array<[string, SearchHistoryValues, Record<string, string>]> = [
  ['nothing yet', { recent: [], recentResults: [] }, {}],
  ['queries only', { recent: ['fuse', 'relay'], recentResults: [] }, { 'search.recent': 'Letzte Suchen' }],
  ['results only', { recent: [], recentResults: [{ uniqueId: 'a', title: 'Datasheet', clickUri: 'https://example.com/a.pdf' }] }, {}],
  [
    'text to escape, everywhere',
    {
      recent: [`it's <b>"5×20"</b> & more`, 'ヒューズ 保险丝', 'a\u2028b'],
      recentResults: [
        { uniqueId: '1', title: `O'Brien <script>alert("x")</script> & co`, clickUri: 'https://example.com/?a=1&b="2"' },
        { uniqueId: '2', title: '', clickUri: '/local?x=<y>' },
      ],
    },
    { 'search.recent': 'Recent "searches" & <more>', 'search.recentResults': "Viewed it's" },
  ],
  ['ten of each', { recent: Array.from({ length: 10 }, (_, i) => `query ${i}`), recentResults: Array.from({ length: 10 }, (_, i) => ({ uniqueId: `u${i}`, title: `Result ${i}`, clickUri: `https://example.com/${i}` })) }, {}],
];

describe('the search history slot', () => {
  for (const [name, history, phrases] of CASES) {
    it(`is written as React renders it: ${name}`, () => {
      const t = translator(phrases);
      const react = renderToString(
        <MemoryRouter>
          <SearchHistory history={history} queryHref={queryHref} t={t} />
        </MemoryRouter>,
      );
      expect(searchHistoryHtml(history, queryHref, t)).toBe(react);
    });
  }
});
