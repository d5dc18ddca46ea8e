import { describe, expect, it } from 'vitest';
import { routeFileSchema } from '@voltaris/content-files/content-schema';
import { resolveLink } from '~/cms/links.ts';
import { validatePage } from '~/editor/validate-page.ts';

// A General Link field whose address runs script (the audit of 28 Nov: a HeroBanner's call to action
// `javascript:alert(document.domain)` was published and rendered; only the CSP stopped it). Rich
// text already drops such links; a link field now refuses them when written and when drawn.

const SCRIPT_ADDRESSES = ['javascript:alert(document.domain)', 'JavaScript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', 'vbscript:msgbox(1)', 'data:text/html,<script>alert(1)</script>'];
const hero = (href: string) => ({ placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'hero', fields: { heading: 'Hi', cta: { href, text: 'Click me', linktype: 'external' } } }] } });

describe('link addresses', () => {
  it.each(SCRIPT_ADDRESSES)('a content file refuses a link to %j, naming the field', (href) => {
    const { problems } = validatePage(hero(href));
    expect(problems.map((problem) => problem.message).join('\n')).toMatch(/a link's address is a path on this site, an https:\/\/ or http:\/\/ address, mailto: or tel:/);
  });

  it('keeps the addresses pages use', () => {
    for (const href of ['/products', 'https://partner.example/x', 'http://legacy.example', 'mailto:sales@voltaris.example', 'tel:+49301234', '#top', '?tab=2', 'datasheets/a.pdf']) {
      expect(routeFileSchema.safeParse(hero(href)).success, href).toBe(true);
    }
  });

  it.each(SCRIPT_ADDRESSES)('draws no link to %j from layout data the content files did not check', (href) => {
    expect(resolveLink({ href, text: 'Click me', linktype: 'external' }, 'en')).toBeNull();
    expect(resolveLink({ href: '', maskedUrl: href, text: 'Click me' }, 'en')).toBeNull();
  });

  it('draws no link of Sitecore\'s javascript kind', () => {
    expect(resolveLink({ href: 'alert(1)', linktype: 'javascript', text: 'Run' }, 'en')).toBeNull();
  });
});
