import type { AppLoadContext } from '@remix-run/node';
import sanitizeHtml from 'sanitize-html';
import type { Translate } from '~/cms/use-site-shell.ts';
import { formatDate, formatFileSize } from '~/lib/format.ts';
import type { DocumentPreviewView } from './preview.ts';
import { documentFields, documentHtml } from '~/search-api/client.server.ts';
import type { DocumentResponse } from '~/search-api/schemas.server.ts';

/**
 * The quickview (REQ-RECS-2): the Search API's `/html` (the document's HTML version, REQ-COVEO-11)
 * for the text, and `GET /document` (the item's fields) for what a reader wants to know about it,
 * both asked with the visitor's search token. The page shows words: the type's display name, the
 * language's name, the size in kB or MB and dates written in the page's language.
 */

export class PreviewError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 502 | 503,
  ) {
    super(message);
    this.name = 'PreviewError';
  }
}

/** English names the index gives languages, to BCP 47 codes (Intl then names them in the page's language). */
const LANGUAGE_CODES: Record<string, string> = { english: 'en', german: 'de', japanese: 'ja', chinese: 'zh', french: 'fr', spanish: 'es', italian: 'it', korean: 'ko' };

function languageCode(value: unknown): string | undefined {
  const name = Array.isArray(value) ? value[0] : value;
  if (typeof name !== 'string' || !name) return undefined;
  const lower = name.toLowerCase();
  if (LANGUAGE_CODES[lower]) return LANGUAGE_CODES[lower];
  return /^[a-z]{2}(-[a-z]{2})?$/i.test(name) ? name : undefined;
}

function languageName(code: string, pageLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([pageLanguage], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(pageLanguage) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** A date field (epoch milliseconds or an ISO string) as the page's language writes it; '' when it is none. */
function humanDate(value: unknown, pageLanguage: string): string {
  const date = typeof value === 'number' ? new Date(value) : typeof value === 'string' && value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? formatDate(date, pageLanguage, 'long') : '';
}

/** The document's own text, kept to reading structure: no attributes, links, images, scripts or styles. */
export function readableText(html: string, title: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  let skippedTitle = false;
  return sanitizeHtml(body, {
    allowedTags: ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'mark', 'em', 'strong', 'b', 'i', 'br', 'blockquote', 'pre', 'code', 'sub', 'sup'],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'table'],
    // The page has its own h1 (the title): the document's headings sit one level below it.
    transformTags: { h1: 'h2' },
    exclusiveFilter: (frame) => {
      // The document's first heading repeats the title the page already shows.
      if (!skippedTitle && (frame.tag === 'h1' || frame.tag === 'h2') && frame.text.trim() === title.trim()) {
        skippedTitle = true;
        return true;
      }
      return false;
    },
  }).trim();
}

/** What a reader wants to know about the document, in the page's language, and its text's language. */
function detailsOf(raw: Record<string, unknown>, pageLanguage: string, t: Translate): { details: DocumentPreviewView['details']; code: string | undefined } {
  const details: DocumentPreviewView['details'] = [];
  const add = (label: string, value: string) => {
    if (value) details.push({ label: t(label), value });
  };
  const typeName = typeof raw.documenttypedisplayname === 'string' ? raw.documenttypedisplayname : typeof raw.objecttype === 'string' ? t(`search.type.${raw.objecttype}`) : '';
  // A dictionary key the dictionary lacks is no word for a person: leave the row out.
  add('preview.type', typeName.startsWith('search.type.') ? '' : typeName);
  const code = languageCode(raw.assetlanguage) ?? languageCode(raw.language);
  if (code) add('preview.language', languageName(code, pageLanguage));
  if (typeof raw.filetype === 'string' && raw.filetype && raw.filetype !== 'html') add('preview.format', raw.filetype.toUpperCase());
  if (typeof raw.size === 'number' && raw.size > 0) add('preview.size', formatFileSize(raw.size, pageLanguage));
  const created = humanDate(raw.datecreated, pageLanguage);
  const modified = humanDate(raw.datemodified ?? raw.modificationdate ?? raw.date, pageLanguage);
  add('preview.created', created);
  if (modified !== created) add('preview.modified', modified);
  return { details, code };
}

export async function loadDocumentPreview(args: { context: AppLoadContext; token: string; uniqueId: string; q: string; pageLanguage: string; t: Translate }): Promise<DocumentPreviewView> {
  const { context, token, uniqueId, q, pageLanguage, t } = args;
  const options = { token, timeoutMs: 3000 };
  let html: { status: number; html: string };
  let document: DocumentResponse | undefined;
  try {
    // The fields are for the details; without them the text still shows.
    [html, document] = await Promise.all([documentHtml(context, { uniqueId, q, locale: pageLanguage }, options), documentFields(context, { uniqueId, locale: pageLanguage }, options)]);
  } catch {
    throw new PreviewError(t('preview.unavailable'), 503);
  }
  if (html.status === 404) throw new PreviewError(t('preview.notFound'), 404);
  if (html.status < 200 || html.status >= 300) throw new PreviewError(t('preview.unavailable'), 502);
  const text = html.html;
  document ??= {};
  const raw = document.raw ?? {};
  const htmlTitle = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1]?.trim();
  const title = document.title || sanitizeHtml(htmlTitle ?? '', { allowedTags: [], allowedAttributes: {} }) || t('preview.untitled');

  const { details, code } = detailsOf(raw, pageLanguage, t);

  return {
    pageLanguage,
    title,
    href: typeof document.clickUri === 'string' ? document.clickUri : '',
    details,
    ...(code ? { textLanguage: code } : {}),
    textHtml: readableText(text, title),
  };
}
