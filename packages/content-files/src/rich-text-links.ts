import { Parser } from 'htmlparser2';

/**
 * The links inside rich text (HTML an editor wrote), found by a real HTML parser (htmlparser2,
 * the one sanitize-html uses), so quoting, entities and attribute order do not fool it.
 */

/** One `<a href>` of a rich-text value: its address (entities decoded) and where its tags sit. */
export interface RichTextAnchor {
  href: string;
  /** [start, end) of `<a ...>` in the HTML. */
  open: readonly [number, number];
  /** [start, end) of `</a>`; absent when the HTML never closes it. */
  close?: readonly [number, number];
}

/** Every anchor with an href in `html`, in document order. */
export function richTextAnchors(html: string): RichTextAnchor[] {
  if (!/<a[\s>]/i.test(html)) return [];
  const anchors: RichTextAnchor[] = [];
  let openAnchor: { href: string; open: readonly [number, number] } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name !== 'a' || typeof attribs.href !== 'string') return;
        openAnchor = { href: attribs.href, open: [parser.startIndex, parser.endIndex + 1] };
      },
      onclosetag(name, isImplied) {
        if (name !== 'a' || !openAnchor) return;
        anchors.push(isImplied ? openAnchor : { ...openAnchor, close: [parser.startIndex, parser.endIndex + 1] });
        openAnchor = undefined;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (openAnchor) anchors.push(openAnchor);
  return anchors;
}

/**
 * The HTML with the anchors `drop` picks unwrapped: their text stays, the `<a>` and `</a>` go, the
 * rest of the HTML is left byte for byte. Returns the same string when nothing was dropped.
 */
export function withoutAnchors(html: string, drop: (href: string) => boolean): { html: string; dropped: string[] } {
  const cuts: Array<readonly [number, number]> = [];
  const dropped: string[] = [];
  for (const anchor of richTextAnchors(html)) {
    if (!drop(anchor.href)) continue;
    dropped.push(anchor.href);
    cuts.push(anchor.open);
    if (anchor.close) cuts.push(anchor.close);
  }
  if (!cuts.length) return { html, dropped };
  let out = '';
  let at = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    out += html.slice(at, start);
    at = end;
  }
  return { html: out + html.slice(at), dropped };
}

const LANGUAGE_PREFIX = /^\/(en|de|ja-jp|zh-cn)(?=\/|$)/i;

/**
 * The page a site-relative rich-text address goes to: its item path (lower case, as routeKey
 * gives it: `/company/about`) and its content language. Rich text is not rewritten per language, so the address
 * says it: `/de/...` is German, an address without a prefix is the site's own language (English,
 * or Chinese on the Chinese site). Undefined for external, mail, phone and in-page addresses.
 */
export function richTextLinkTarget(href: string, pageLanguage: string): { itemPath: string; language: string } | undefined {
  if (!href.startsWith('/') || href.startsWith('//')) return undefined;
  const pathOnly = href.split(/[?#]/)[0]!;
  const prefix = LANGUAGE_PREFIX.exec(pathOnly)?.[1]?.toLowerCase();
  const rest = prefix ? pathOnly.slice(prefix.length + 1) : pathOnly;
  // As routeKey spells it: `/company/about`, the home page `/`.
  const itemPath = rest.toLowerCase().replace(/\/+$/, '') || '/';
  return { itemPath, language: prefix ?? (pageLanguage === 'zh-cn' ? 'zh-cn' : 'en') };
}
