import { describe, expect, it } from 'vitest';
import { resolveLink } from '~/cms/links.ts';

describe('resolveLink (REQ-CMS-4)', () => {
  it('treats a link as external unless it is flagged internal', () => {
    const link = resolveLink({ href: 'https://partner.example/x', text: 'Partner' }, 'de');
    expect(link).toMatchObject({ href: 'https://partner.example/x', internal: false, rel: 'noopener' });
  });

  it('gives internal links the language-aware path', () => {
    expect(resolveLink({ href: '/products', linktype: 'internal' }, 'de')?.href).toBe('/de/products');
    expect(resolveLink({ href: '/', linktype: 'internal' }, 'ja-jp')?.href).toBe('/ja-jp/');
    expect(resolveLink({ href: '/products', linktype: 'internal' }, 'en')?.href).toBe('/products');
    expect(resolveLink({ href: '/products', linktype: 'internal' }, 'zh')?.href).toBe('/products');
  });

  it('does not double a language prefix the CMS already put on an internal link', () => {
    expect(resolveLink({ href: '/de/products', linktype: 'internal' }, 'de')?.href).toBe('/de/products');
    expect(resolveLink({ href: '/en/products', linktype: 'internal' }, 'ja-jp')?.href).toBe('/ja-jp/products');
  });

  it('falls back to maskedUrl when href is empty, and to nothing when both are', () => {
    expect(resolveLink({ href: '', maskedUrl: 'https://example.com/m', text: 'M' }, 'en')?.href).toBe('https://example.com/m');
    expect(resolveLink({ href: '', text: 'nothing' }, 'en')).toBeNull();
    expect(resolveLink(undefined, 'en')).toBeNull();
  });

  it('keeps query strings and anchors and never adds rel to internal links', () => {
    const link = resolveLink({ href: '/products', linktype: 'internal', querystring: 'a=1', anchor: 'fuses' }, 'de');
    expect(link).toMatchObject({ href: '/de/products?a=1#fuses', internal: true });
    expect(link?.rel).toBeUndefined();
  });

  it('uses the text, else the title, else the address as the link text', () => {
    expect(resolveLink({ href: 'https://x.example', title: 'X' }, 'en')?.text).toBe('X');
    expect(resolveLink({ href: 'https://x.example' }, 'en')?.text).toBe('https://x.example');
  });
});
