import type { SiteLanguage } from '../app/cms/language.ts';

/**
 * The words an error page needs when the dictionary itself cannot be read (the content service is
 * down: the very case a 500 or 503 page is for). The CMS dictionary stays the source; these are
 * its phrases for the shell's error keys, kept here like the server's own refusals
 * (refusal-messages.ts), so such a page never shows `error.server.title` to a visitor.
 */
export const FALLBACK_PHRASES: Record<SiteLanguage, Record<string, string>> = {
  en: {
    'site.name': 'Voltaris Components',
    'a11y.skipToContent': 'Skip to content',
    'header.language': 'Language',
    'error.server.title': 'Something went wrong',
    'error.server.text': 'We could not show this page just now. Please try again in a moment.',
    'error.unavailable.title': 'Not available just now',
    'error.unavailable.text': 'A service this page needs is not answering. Please try again in a moment.',
    'error.id': 'Error reference:',
    'error.home': 'Go to the home page',
  },
  de: {
    'site.name': 'Voltaris Components',
    'a11y.skipToContent': 'Zum Inhalt springen',
    'header.language': 'Sprache',
    'error.server.title': 'Es ist ein Fehler aufgetreten',
    'error.server.text': 'Diese Seite kann gerade nicht angezeigt werden. Bitte versuchen Sie es in einem Moment erneut.',
    'error.unavailable.title': 'Gerade nicht verfügbar',
    'error.unavailable.text': 'Ein Dienst, den diese Seite braucht, antwortet nicht. Bitte versuchen Sie es gleich noch einmal.',
    'error.id': 'Fehlerreferenz:',
    'error.home': 'Zur Startseite',
  },
  'ja-jp': {
    'site.name': 'Voltaris Components',
    'a11y.skipToContent': 'コンテンツへスキップ',
    'header.language': '言語',
    'error.server.title': 'エラーが発生しました',
    'error.server.text': '現在このページを表示できません。しばらくしてから再度お試しください。',
    'error.unavailable.title': '現在ご利用いただけません',
    'error.unavailable.text': 'このページに必要なサービスが応答していません。しばらくしてからもう一度お試しください。',
    'error.id': 'エラー参照番号：',
    'error.home': 'ホームページへ移動',
  },
  zh: {
    'site.name': 'Voltaris Components',
    'a11y.skipToContent': '跳至主要内容',
    'header.language': '语言',
    'error.server.title': '出现错误',
    'error.server.text': '暂时无法显示此页面。请稍后重试。',
    'error.unavailable.title': '暂时无法使用',
    'error.unavailable.text': '此页面所需的服务没有响应，请稍后再试。',
    'error.id': '错误参考编号：',
    'error.home': '返回首页',
  },
};
