import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the CMS is HTML written by editors (or by whoever got into the CMS): only a
 * known-safe subset reaches the page. Runs on the server, so the sanitizer never ships to browsers.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'style'),
    'img',
    'figure',
    'figcaption',
    'picture',
    'source',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title', 'hreflang'],
    img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'loading'],
    source: ['srcset', 'type', 'media'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    '*': ['id', 'lang', 'dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'srcset'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      const opensNewTab = attribs.target === '_blank';
      return {
        tagName,
        attribs: external || opensNewTab ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { loading: 'lazy', ...attribs } }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
