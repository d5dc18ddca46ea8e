import { createHash } from 'node:crypto';
import { DEFAULT_FIELDS_TO_INCLUDE } from '@voltaris/protocol/coveo/constants';
import type { CatalogueDocument, FieldValue } from '../catalogue/generate.ts';
import { LANGUAGE_NAMES, type ContentLanguage } from '@voltaris/catalogue/taxonomy';
import { languageName } from '../engine/index.ts';
import { stem, tokenize } from '../engine/tokenize.ts';

/** The public origin of the catalogue's documents; uri identifies a document, clickUri is where it opens. */
export const DOCUMENT_ORIGIN = 'https://www.voltaris.example';

interface Highlight {
  offset: number;
  length: number;
}

/** The Search API result object (REQ-COVEO-4). */
interface SearchResult {
  title: string;
  uri: string;
  printableUri: string;
  clickUri: string;
  uniqueId: string;
  excerpt: string;
  firstSentences: string | null;
  summary: string | null;
  flags: string;
  hasHtmlVersion: boolean;
  hasMobileHtmlVersion: boolean;
  score: number;
  percentScore: number;
  rankingInfo: string | null;
  rating: number;
  isTopResult: boolean;
  isRecommendation: boolean;
  isUserActionView: boolean;
  titleHighlights: Highlight[];
  firstSentencesHighlights: Highlight[];
  excerptHighlights: Highlight[];
  printableUriHighlights: Highlight[];
  summaryHighlights: Highlight[];
  absentTerms: string[];
  raw: Record<string, unknown>;
  parentResult: SearchResult | null;
  childResults: SearchResult[];
  totalNumberOfChildResults: number;
}

export function languageOfLocale(locale: string | undefined): ContentLanguage {
  const lower = (locale ?? 'en').toLowerCase();
  if (lower.startsWith('de')) return 'de';
  if (lower.startsWith('ja')) return 'ja';
  if (lower.startsWith('zh')) return 'zh';
  return 'en';
}

/** The site's path prefix of each content language (REQ-LANG-1: /de, /ja-jp; Chinese is chosen by the host). */
const SITE_PREFIX: Record<ContentLanguage, string> = { en: '', de: '/de', ja: '/ja-jp', zh: '' };

/** Files (PDFs under /media) have one address in every language; pages have one per language version. */
function isPage(target: string): boolean {
  const path = target.split(/[?#]/)[0]!;
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/media/') && !/\.[a-z0-9]{2,5}$/i.test(path);
}

/**
 * Where a result opens: its language version's page, as an index holding one item per language
 * version would say. A document written in one language opens in that language; one that exists
 * in every language (a product, a location) opens in the request's.
 */
export function clickUriOf(doc: CatalogueDocument, requestLanguage: ContentLanguage): string {
  const target = typeof doc.fields.clickableuri === 'string' ? doc.fields.clickableuri : doc.path;
  if (!isPage(target)) return target;
  return `${SITE_PREFIX[doc.language ?? requestLanguage]}${target}`;
}

const hashes = new Map<string, { urihash: string; permanentid: string }>();
export function identity(doc: CatalogueDocument): { uri: string; urihash: string; permanentid: string } {
  const uri = `${DOCUMENT_ORIGIN}${doc.path}`;
  let known = hashes.get(uri);
  if (!known) {
    const digest = createHash('sha1').update(uri).digest();
    known = { urihash: digest.toString('base64url').slice(0, 16), permanentid: digest.toString('hex') };
    hashes.set(uri, known);
  }
  return { uri, ...known };
}

function uniqueIdOf(id: number, doc: CatalogueDocument): string {
  return `42.${id}$${DOCUMENT_ORIGIN}${doc.path}`;
}

export function docIdFromUniqueId(uniqueId: string): number | undefined {
  const match = /^42\.(\d+)\$/.exec(uniqueId);
  return match ? Number(match[1]) : undefined;
}

function localizedValue(value: FieldValue, language: ContentLanguage): unknown {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value[language];
  return value;
}

/** Offsets of the matched terms in a text (CJK bigrams merged into runs). */
function highlightsIn(text: string, matched: ReadonlySet<string>): Highlight[] {
  if (matched.size === 0 || !text) return [];
  const out: Highlight[] = [];
  for (const token of tokenize(text)) {
    if (!matched.has(token.term) && !matched.has(stem(token.term))) continue;
    const last = out.at(-1);
    if (last && token.offset <= last.offset + last.length) {
      last.length = Math.max(last.length, token.offset + token.length - last.offset);
    } else {
      out.push({ offset: token.offset, length: token.length });
    }
  }
  return out;
}

function excerptOf(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${space > length * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** The fields a request names, with the defaults: one set per request, not one per result. */
const wantedByRequest = new WeakMap<readonly string[], Set<string>>();
function wantedFields(fieldsToInclude: readonly string[]): Set<string> {
  let wanted = wantedByRequest.get(fieldsToInclude);
  if (!wanted) {
    wanted = new Set([...DEFAULT_FIELDS_TO_INCLUDE, ...fieldsToInclude.map((f) => f.toLowerCase().replace(/^@/, ''))]);
    wantedByRequest.set(fieldsToInclude, wanted);
  }
  return wanted;
}

interface ResultOptions {
  language: ContentLanguage;
  fieldsToInclude?: string[];
  matchedTerms: ReadonlySet<string>;
  excerptLength: number;
  maxScore: number;
}

export function toResult(id: number, doc: CatalogueDocument, score: number, options: ResultOptions): SearchResult {
  const { language } = options;
  const { uri, urihash, permanentid } = identity(doc);
  const title = doc.title[language];
  const body = doc.body[language];
  const excerpt = excerptOf(body, options.excerptLength);
  const clickUri = clickUriOf(doc, language);
  const wanted = options.fieldsToInclude ? wantedFields(options.fieldsToInclude) : undefined;
  const raw: Record<string, unknown> = {
    urihash,
    permanentid,
    uri,
    objecttype: doc.objecttype,
    source: 'Voltaris Catalogue',
    collection: 'default',
    sourcetype: 'Push',
    language: [doc.language ? languageName(doc.language) : LANGUAGE_NAMES[language]],
    author: 'Voltaris Components',
    filetype: typeof doc.fields.filetype === 'string' ? doc.fields.filetype : 'html',
    ...(doc.partNumber ? { partnumber: doc.partNumber } : {}),
  };
  const fields = doc.fields;
  for (const field in fields) {
    if (wanted && !wanted.has(field)) continue;
    raw[field] = localizedValue(fields[field]!, language);
  }
  if (wanted) for (const key of Object.keys(raw)) if (!wanted.has(key) && key !== 'urihash' && key !== 'permanentid') delete raw[key];
  const flags = ['HasHtmlVersion', ...(doc.objecttype === 'Product' ? ['HasThumbnail'] : [])].join(';');
  // The excerpt is also the first sentences: its highlights are found once.
  const excerptHighlights = highlightsIn(excerpt, options.matchedTerms);
  return {
    title,
    uri,
    printableUri: uri,
    clickUri,
    uniqueId: uniqueIdOf(id, doc),
    excerpt,
    firstSentences: excerpt,
    summary: null,
    flags,
    hasHtmlVersion: true,
    hasMobileHtmlVersion: true,
    score: Math.round(score * 100),
    percentScore: options.maxScore > 0 ? Math.round((score / options.maxScore) * 100) : 0,
    rankingInfo: null,
    rating: 0,
    isTopResult: false,
    isRecommendation: false,
    isUserActionView: false,
    titleHighlights: highlightsIn(title, options.matchedTerms),
    firstSentencesHighlights: excerptHighlights,
    excerptHighlights: excerptHighlights.map((highlight) => ({ ...highlight })),
    printableUriHighlights: [],
    summaryHighlights: [],
    absentTerms: [],
    raw,
    parentResult: null,
    childResults: [],
    totalNumberOfChildResults: 0,
  };
}
