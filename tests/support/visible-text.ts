/**
 * What a visitor reads on a page, and the English in it. Text inside an element that declares
 * another language (`lang="en"` on an English-only document's title) is what the page says it is,
 * so it is left out; so are scripts, styles, form values (the visitor's own words) and hidden inputs.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const VISIBLE_ATTRIBUTES = ['alt', 'title', 'placeholder', 'aria-label'];

/** The visible text of an HTML page (title, text, alt, title, placeholder, aria-label and button values), outside foreign-language elements. */
export function visibleText(html: string, pageLanguage: string): string[] {
  const body = html.replace(/<!DOCTYPE[^>]*>/gi, ' ').replace(/<script\b[\s\S]*?<\/script>/gi, ' ').replace(/<style\b[\s\S]*?<\/style>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ');
  const out: string[] = [];
  // A stack of "is this element in another language" flags.
  const foreign: boolean[] = [];
  const tag = /<(\/?)([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|([^<]+)/g;
  const primary = pageLanguage.toLowerCase().split('-')[0];
  let inHead = false;
  for (let match = tag.exec(body); match; match = tag.exec(body)) {
    const [, closing, rawName, attributes = '', selfClosing, text] = match;
    if (text !== undefined) {
      if (foreign.includes(true)) continue;
      if (inHead) continue;
      const value = decode(text).replace(/\s+/g, ' ').trim();
      if (value) out.push(value);
      continue;
    }
    const name = rawName!.toLowerCase();
    if (name === 'head') inHead = !closing;
    if (closing) {
      if (!VOID.has(name)) foreign.pop();
      continue;
    }
    const attribute = (key: string) => new RegExp(`\\s${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attributes);
    const lang = attribute('lang');
    // translate="no" says the text is a name (a distributor's), the same in every language.
    const translate = attribute('translate');
    const untranslated = translate ? (translate[1] ?? translate[2] ?? '').toLowerCase() === 'no' : false;
    const own = untranslated || (lang ? (lang[1] ?? lang[2] ?? '').toLowerCase().split('-')[0] !== primary : false);
    const inForeign = foreign.includes(true) || own;
    if (!inForeign && !/\stype\s*=\s*"hidden"/i.test(attributes)) {
      for (const key of VISIBLE_ATTRIBUTES) {
        const found = attribute(key);
        const value = found ? decode(found[1] ?? found[2] ?? '').trim() : '';
        if (value) out.push(value);
      }
      if (name === 'input' && /\stype\s*=\s*"(submit|button)"/i.test(attributes)) {
        const value = attribute('value');
        if (value) out.push(decode(value[1] ?? value[2] ?? ''));
      }
    }
    if (name === 'title') {
      // The tab's title is read even though it sits in the head.
      const end = body.indexOf('</title>', tag.lastIndex);
      if (end > 0 && !inForeign) out.push(decode(body.slice(tag.lastIndex, end)).trim());
      if (end > 0) tag.lastIndex = end + '</title>'.length;
      continue;
    }
    if (!VOID.has(name) && !selfClosing) foreign.push(own);
  }
  return out.filter(Boolean);
}

/**
 * Words English and German do not share: each one on a German page is English left behind.
 * (German has "in", "was", "will", "so", "man", "also", "hat", "die", "Test", "Service"...: not here.)
 */
const ENGLISH_WORDS = new Set(
  `the and of for with your you this that these those are is be been by from or not our we they which has have can more all see
  page search results result sign out back home products product document documents type language english german japanese chinese
  contact please try again request requests too many found error here there what when where who how why about into than then
  only also other show shows showing next previous first last view close open clear remove selected select apply
  market markets automotive industrial consumer electronics communications energy lighting medical appliances datasheet application
  note certificate brochure change notice technical paper papers systems chargers drives supplies stations inverters meters storage
  drivers monitors pumps imaging machines refrigerators cooktops switches networks modems laptops consoles
  street ballasts robotics welding equipment battery management board body charging solar smart base optical
  fuse fuses diode diodes varistors tubes sensors sensor relays thyristors reed gas discharge temperature resettable
  yes no true false news event events page pages location locations faq question questions answer
  germany france united states brazil india europe americas
  semiconductors sensing misc
  signed sign-in signout sign-out logout logged account sorry went wrong something out again later
  mount surface through hole module grade`
    .split(/\s+/)
    .filter(Boolean),
);

/** Upper-case words that are English abbreviations, not international acronyms: other languages name these regions. */
const ENGLISH_ABBREVIATIONS = new Set(['EMEA', 'APAC', 'APJ', 'LATAM', 'AMER']);

/** Allowed on every page, with why: brand and company names, standards, and terms the industry writes in English in every language. */
export const ALLOWED = new Map<string, string>([
  ['voltaris', 'the brand'],
  ['components', 'part of the company name "Voltaris Components"'],
  ['coveo', 'names the search provider in credits'],
  ['rohs', 'an EU directive, written so in every language'],
  ['reach', 'an EU regulation, written so in every language'],
  ['pdf', 'a file format'],
  ['sitecore', 'names the content system'],
  ['type-c', 'the connector standard\'s name, "USB Type-C", in every language'],
  ['linkedin', 'a brand name (the footer\'s social link)'],
  ['kicad', 'the CAD tool whose footprint and symbol files the part page offers, named so in every language'],
  ['gmbh', 'the legal form in the company name "Voltaris Components GmbH"'],
]);

export interface EnglishFinding {
  text: string;
  words: string[];
}

/** Text that reads as English on a page in another language. */
export function englishIn(texts: string[], pageLanguage: string): EnglishFinding[] {
  const latinPage = pageLanguage.toLowerCase().startsWith('de');
  const findings: EnglishFinding[] = [];
  for (const text of texts) {
    // Latin words with no digit (part numbers and values carry digits), not after a number (units).
    const words = [...text.matchAll(/(?<![\p{L}\p{N}.,])(?<!\d[  ]?)[A-Za-z][A-Za-z'’-]*[A-Za-z]/gu)].map((m) => m[0]);
    const english = words.filter((word) => {
      const lower = word.toLowerCase();
      if (ALLOWED.has(lower)) return false;
      // English business abbreviations are English (issue 31: the stock regions EMEA and APAC).
      if (ENGLISH_ABBREVIATIONS.has(word)) return true;
      // Acronyms (TVS, MOSFET, UL, AEC-Q101, SMD) are written so in every language.
      if (word === word.toUpperCase()) return false;
      if (latinPage) return ENGLISH_WORDS.has(lower);
      // Japanese and Chinese pages have no lower-case Latin words of their own, brand names aside.
      return /[a-z]{2}/.test(word);
    });
    if (english.length) findings.push({ text: text.slice(0, 160), words: [...new Set(english)] });
  }
  return findings;
}
