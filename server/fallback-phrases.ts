import type { SiteLanguage } from './language.ts';

/**
 * The words an error page needs when the dictionary itself cannot be read (the content service is
 * down: the very case a 500 or 503 page is for), and a sign-in refusal's, a page that needs no
 * content. The CMS dictionary stays the source; these are its phrases for those keys, kept here
 * like the server's own refusals (refusal-messages.ts), so such a page never shows
 * `error.server.title` to a visitor.
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
    'auth.refusedTitle': 'Sign-in did not complete',
    'auth.refusedExpired': 'This sign-in took too long or was started elsewhere. Please start again.',
    'auth.refusedFailed': 'The answer from the sign-in service could not be trusted, so you were not signed in. Please start again.',
    'auth.signInAgain': 'Sign in again',
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
    'auth.refusedTitle': 'Anmeldung nicht abgeschlossen',
    'auth.refusedExpired': 'Diese Anmeldung hat zu lange gedauert oder wurde anderswo begonnen. Bitte beginnen Sie erneut.',
    'auth.refusedFailed': 'Der Antwort des Anmeldedienstes konnte nicht vertraut werden; Sie wurden nicht angemeldet. Bitte beginnen Sie erneut.',
    'auth.signInAgain': 'Erneut anmelden',
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
    'auth.refusedTitle': 'サインインが完了しませんでした',
    'auth.refusedExpired': 'サインインに時間がかかりすぎたか、別の場所で開始されました。もう一度やり直してください。',
    'auth.refusedFailed': 'サインインサービスの応答を確認できなかったため、サインインしていません。もう一度やり直してください。',
    'auth.signInAgain': 'もう一度サインイン',
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
    'auth.refusedTitle': '登录未完成',
    'auth.refusedExpired': '此次登录耗时过长或在其他地方开始，请重新开始。',
    'auth.refusedFailed': '无法信任登录服务的应答，因此您未被登录。请重新开始。',
    'auth.signInAgain': '重新登录',
  },
};
