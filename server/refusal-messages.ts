import type { Request } from 'express';
import { resolveLanguage, type SiteLanguage } from './language.ts';

/**
 * The few answers the server gives before Remix (and so before the CMS dictionary) can: a refused
 * method, address or form post. They are plain text, in the language of the page they were meant
 * for (its path prefix, or the Chinese host), so a visitor who meets one can read it.
 */
const MESSAGES = {
  urlTooLong: {
    en: 'This address is too long: at most {kb} kB.',
    de: 'Diese Adresse ist zu lang: höchstens {kb} kB.',
    'ja-jp': 'このアドレスは長すぎます（最大 {kb} kB）。',
    zh: '此地址过长：最多 {kb} kB。',
  },
  methodNotAllowed: {
    en: 'The method {method} is not allowed here.',
    de: 'Die Methode {method} ist hier nicht erlaubt.',
    'ja-jp': 'ここではメソッド {method} は使えません。',
    zh: '此处不允许使用 {method} 方法。',
  },
  malformedEscape: {
    en: 'The address has a malformed %-escape.',
    de: 'Die Adresse enthält eine fehlerhafte %-Kodierung.',
    'ja-jp': 'アドレスに不正な %-エスケープがあります。',
    zh: '地址中含有格式错误的 %-转义。',
  },
  badHost: {
    en: 'The address this request was sent to (its Host header or protocol) is not a web address.',
    de: 'Die Adresse dieser Anfrage (ihr Host-Header oder Protokoll) ist keine Webadresse.',
    'ja-jp': 'このリクエストの宛先（Host ヘッダーまたはプロトコル）は有効なウェブアドレスではありません。',
    zh: '此请求的目标地址（Host 标头或协议）不是有效的网址。',
  },
  legacyData: {
    en: 'This site does not answer data requests of this kind (?_data=).',
    de: 'Datenanfragen dieser Art (?_data=) beantwortet diese Website nicht.',
    'ja-jp': 'このサイトはこの種類のデータ要求（?_data=）には応答しません。',
    zh: '本网站不响应此类数据请求（?_data=）。',
  },
  notFound: { en: 'Not found.', de: 'Nicht gefunden.', 'ja-jp': '見つかりません。', zh: '未找到。' },
  foreignPost: {
    en: 'Forms on this site only accept posts from its own pages.',
    de: 'Formulare dieser Website nehmen nur Sendungen von ihren eigenen Seiten an.',
    'ja-jp': 'このサイトのフォームは、このサイトのページからの送信のみ受け付けます。',
    zh: '本网站的表单只接受来自本网站页面的提交。',
  },
  badContentLength: {
    en: 'The Content-Length header is not a number.',
    de: 'Der Content-Length-Header ist keine Zahl.',
    'ja-jp': 'Content-Length ヘッダーが数値ではありません。',
    zh: 'Content-Length 标头不是数字。',
  },
  formTooLarge: {
    en: 'A form post may be at most {kb} kB.',
    de: 'Ein Formular darf höchstens {kb} kB groß sein.',
    'ja-jp': 'フォームの送信は最大 {kb} kB までです。',
    zh: '表单提交最多 {kb} kB。',
  },
  tooManyPosts: {
    en: 'Too many form posts from your address; please wait a moment.',
    de: 'Zu viele Formularsendungen von Ihrer Adresse; bitte warten Sie einen Moment.',
    'ja-jp': 'お使いのアドレスからのフォーム送信が多すぎます。しばらくお待ちください。',
    zh: '来自您地址的表单提交过多，请稍候。',
  },
} as const satisfies Record<string, Record<SiteLanguage, string>>;

export type RefusalMessage = keyof typeof MESSAGES;

/** The language of the page a request was for; English when it names none. */
export function languageOfRequest(req: Request): SiteLanguage {
  const zhHostSuffixes = (req.app.locals.zhHostSuffixes as readonly string[] | undefined) ?? ['.cn'];
  let pathname = req.path;
  try {
    pathname = decodeURIComponent(req.path);
  } catch {
    // a malformed escape: the raw path still shows its prefix
  }
  const where = resolveLanguage(pathname, req.hostname ?? '', zhHostSuffixes);
  return 'language' in where ? where.language : 'en';
}

export function refusalMessage(req: Request, key: RefusalMessage, values: Record<string, string | number> = {}): string {
  return refusalText(languageOfRequest(req), key, values);
}

/** A refusal's words in a language: for answers Remix gives where there is no page (a file's route refusing a PUT). */
export function refusalText(language: SiteLanguage, key: RefusalMessage, values: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][language];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/** What every page takes: the method list of a 405. OPTIONS is answered by the site (http-guard.ts). */
export const PAGE_METHODS = 'GET, HEAD, POST, OPTIONS';
export const READ_ONLY_PAGE_METHODS = 'GET, HEAD, OPTIONS';
