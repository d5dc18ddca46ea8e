import { isSafeLinkAddress } from '@voltaris/content-files/link-address';
import { localizedPath, type SiteLanguage } from './language.ts';

/** A General Link field's value (REQ-JSS-3) plus the site's `maskedUrl` fallback (REQ-CMS-4). */
export interface LinkFieldValue {
  href?: string;
  text?: string;
  linktype?: string;
  target?: string;
  title?: string;
  anchor?: string;
  querystring?: string;
  class?: string;
  maskedUrl?: string;
}

export interface ResolvedLink {
  href: string;
  text: string;
  internal: boolean;
  target?: string;
  rel?: string;
  title?: string;
  className?: string;
}

const LANGUAGE_PREFIX = /^\/(en|de|ja-jp)(?=\/|$)/i;

/**
 * REQ-CMS-4: a link is external unless flagged internal (linktype defaults to external);
 * internal links get the language-aware path; an empty href falls back to maskedUrl; external
 * links never give the opened page a handle on ours (rel="noopener").
 */
export function resolveLink(value: LinkFieldValue | undefined, language: SiteLanguage): ResolvedLink | null {
  if (!value) return null;
  const raw = (value.href ?? '').trim() || (value.maskedUrl ?? '').trim();
  const linktype = value.linktype || 'external';
  if (!raw && !(linktype === 'anchor' && value.anchor)) return null;
  // Layout data from a CMS is not checked as content files are: a link that would run script is not drawn.
  if (linktype === 'javascript' || (raw && !isSafeLinkAddress(raw))) return null;

  const internal = linktype === 'internal';
  let href: string;
  if (linktype === 'anchor') {
    href = `#${(value.anchor || raw).replace(/^#/, '')}`;
  } else {
    href = internal ? localizedPath(language, raw.replace(LANGUAGE_PREFIX, '') || '/') : raw;
    if (value.querystring) href += `${href.includes('?') ? '&' : '?'}${value.querystring.replace(/^\?/, '')}`;
    if (value.anchor) href += `#${value.anchor.replace(/^#/, '')}`;
  }
  const target = value.target || undefined;
  const opensElsewhere = !internal && linktype !== 'anchor';
  return {
    href,
    text: value.text || value.title || raw,
    internal,
    ...(target ? { target } : {}),
    ...(opensElsewhere || target === '_blank' ? { rel: 'noopener' } : {}),
    ...(value.title ? { title: value.title } : {}),
    ...(value.class ? { className: value.class } : {}),
  };
}
