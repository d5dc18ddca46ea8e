import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { translator } from '~/cms/use-site-shell.ts';
import { RecommendationListContent } from '~/plugins/search/RecommendationList.tsx';
import type { RecommendationListView } from '~/plugins/search/recommendations.ts';
import { siteLanguageOf } from '~/plugins/search/recommendations.server.ts';
import { readableText } from '~/plugins/search/preview.server.ts';
import { caseQuery, caseWords } from '../../standins/search/case-assist.ts';
import { strategyOf } from '../../standins/search/recommend.ts';

// With no phrases, the keys show: the tests read those.
const render = (view: RecommendationListView) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <RecommendationListContent view={view} t={translator()} />
    </MemoryRouter>,
  );

describe('RecommendationList', () => {
  const item = { partNumber: '0451005', href: '/de/products/circuit-protection/fuses/x/0451/0451005', description: '5 A, 125 V fuse', category: 'Surface Mount Fuses', inStock: true };

  it('links each recommended part to its product page, under the strategy’s heading', () => {
    const html = render({ kind: 'similar', status: 'ok', items: [item, { ...item, partNumber: '0451010', href: '/p/0451010', inStock: false }] });
    expect(html).toContain('<h2 id=');
    expect(html).toContain('>recommendations.similar</h2>');
    expect(html).toMatch(new RegExp(`<a class="recommendation__part"[^>]* href="${item.href}">0451005</a>`));
    expect(html).toContain('href="/p/0451010"');
    expect(html.match(/recommendations\.inStock/g)).toHaveLength(1);
    expect(html).toContain('data-status="ok"');
  });

  it('shows its loading, empty and error states in words, without a list', () => {
    const loading = render({ kind: 'zeroResults', status: 'loading', items: [] });
    expect(loading).toContain('aria-busy="true"');
    expect(loading).toContain('role="status"');
    expect(loading).toContain('recommendations.loading');
    expect(render({ kind: 'frequentViewed', status: 'empty', items: [] })).toContain('recommendations.empty');
    const error = render({ kind: 'frequentViewed', status: 'error', items: [] });
    expect(error).toContain('recommendations.unavailable');
    expect(error).not.toContain('<ul');
  });
});

describe('recommendation helpers', () => {
  it('reads the site language from a code or a locale tag', () => {
    expect(siteLanguageOf('de')).toBe('de');
    expect(siteLanguageOf('de-DE')).toBe('de');
    expect(siteLanguageOf('ja-JP')).toBe('ja-jp');
    expect(siteLanguageOf('ja-jp')).toBe('ja-jp');
    expect(siteLanguageOf('zh-CN')).toBe('zh');
    expect(siteLanguageOf('fr')).toBe('en');
  });

  it('maps recommendation ids to the stand-in’s strategies', () => {
    expect(strategyOf('frequentViewed')).toBe('frequentViewed');
    expect(strategyOf('similarProducts')).toBe('similar');
    expect(strategyOf('frequentBought')).toBe('default');
    expect(strategyOf(undefined)).toBe('default');
  });
});

describe('preview text', () => {
  it('keeps reading structure and drops scripts, styles, attributes, tables and the repeated title', () => {
    const html =
      '<html><head><title>T</title><style>p{}</style></head><body onload="x()"><h1>T</h1><p class="a" onclick="y()">One <mark>fuse</mark></p><script>alert(1)</script><table><tr><th>objecttype</th><td>Document</td></tr></table><h1>Part two</h1><a href="javascript:z()">link</a></body></html>';
    expect(readableText(html, 'T')).toBe('<p>One <mark>fuse</mark></p><h2>Part two</h2>link');
  });
});

describe('case assist words', () => {
  it('keeps the words that describe the problem, not the filler', () => {
    const words = caseWords({ subject: { value: 'Hello, please help' }, description: { value: 'Our SMBJ5.0A TVS diode fails at 12 V OR more and the fuse is not the problem' } });
    expect(words).toEqual(['SMBJ5.0A', 'TVS', 'diode', 'fails', '12', 'fuse']);
    expect(caseQuery(words)).toBe('SMBJ5.0A OR TVS OR diode OR fails OR 12 OR fuse');
    expect(caseWords({ description: { value: 'the and of' } })).toEqual([]);
    expect(caseWords({ description: { value: 'ヒューズが切れます' } })).toEqual(['ヒューズが切れます']);
  });
});
