import { describe, expect, it } from 'vitest';
import { sitemapLocations } from '../../app/seo/sitemap.server.ts';

// The content host's sitemap is read by an XML parser (issue 29 item 5), not by a pattern for <loc>.
describe('the CMS sitemap reader', () => {
  it('reads every url/loc, entities, CDATA and whitespace as XML has them, and no comment', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
  <!-- <url><loc>https://cms.example/en/commented-out</loc></url> -->
  <url><loc>https://cms.example/en/products?a=1&amp;b=2</loc><xhtml:link rel="alternate" hreflang="de" href="https://cms.example/de/products"/></url>
  <url>
    <loc>
      https://cms.example/de/company
    </loc>
  </url>
  <url><loc><![CDATA[https://cms.example/ja-JP/a&b]]></loc></url>
</urlset>`;
    expect(sitemapLocations(xml, 'test')).toEqual(['https://cms.example/en/products?a=1&b=2', 'https://cms.example/de/company', 'https://cms.example/ja-JP/a&b']);
  });

  it('reads a sitemap of one page and one of none', () => {
    expect(sitemapLocations('<urlset><url><loc>https://cms.example/en/</loc></url></urlset>', 'one')).toEqual(['https://cms.example/en/']);
    expect(sitemapLocations('<urlset></urlset>', 'none')).toEqual([]);
  });

  it('refuses what is not a sitemap, naming the address', () => {
    expect(() => sitemapLocations('<html><body>Service unavailable</body></html>', 'https://cms.example/sitemap.xml')).toThrow(/https:\/\/cms\.example\/sitemap\.xml is not a sitemap/);
  });
});
