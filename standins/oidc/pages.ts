/**
 * The embedded provider's own pages: plain HTML forms in the sign-in request's language
 * (ui_locales), no scripts, one stylesheet from the provider itself (the site's CSP allows 'self').
 */
export type LoginLanguage = 'en' | 'de' | 'ja' | 'zh';

const TEXT: Record<LoginLanguage, Record<'title' | 'intro' | 'email' | 'password' | 'submit' | 'failed' | 'throttled' | 'logoutTitle' | 'logoutQuestion' | 'logoutYes' | 'logoutNo' | 'loggedOut' | 'home', string>> = {
  en: {
    title: 'Sign in',
    intro: 'Sign in to Voltaris Components with your account.',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    failed: 'The e-mail address or the password is not right. Please try again.',
    throttled: 'Too many sign-in attempts. For your account\'s safety, please wait {minutes} minutes and try again.',
    logoutTitle: 'Sign out',
    logoutQuestion: 'Do you also want to sign out of the Voltaris account service?',
    logoutYes: 'Yes, sign me out',
    logoutNo: 'No, stay signed in there',
    loggedOut: 'You are signed out.',
    home: 'Back to the site',
  },
  de: {
    title: 'Anmelden',
    intro: 'Melden Sie sich mit Ihrem Konto bei Voltaris Components an.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    failed: 'E-Mail-Adresse oder Passwort stimmen nicht. Bitte versuchen Sie es erneut.',
    throttled: 'Zu viele Anmeldeversuche. Zum Schutz Ihres Kontos warten Sie bitte {minutes} Minuten und versuchen Sie es dann erneut.',
    logoutTitle: 'Abmelden',
    logoutQuestion: 'Möchten Sie sich auch beim Voltaris-Kontodienst abmelden?',
    logoutYes: 'Ja, abmelden',
    logoutNo: 'Nein, dort angemeldet bleiben',
    loggedOut: 'Sie sind abgemeldet.',
    home: 'Zurück zur Website',
  },
  ja: {
    title: 'サインイン',
    intro: 'アカウントでVoltaris Componentsにサインインしてください。',
    email: 'メールアドレス',
    password: 'パスワード',
    submit: 'サインイン',
    failed: 'メールアドレスまたはパスワードが正しくありません。もう一度お試しください。',
    throttled: 'サインインの試行回数が多すぎます。アカウント保護のため、{minutes}分待ってから再度お試しください。',
    logoutTitle: 'サインアウト',
    logoutQuestion: 'Voltarisアカウントサービスからもサインアウトしますか？',
    logoutYes: 'はい、サインアウトします',
    logoutNo: 'いいえ、サインインしたままにします',
    loggedOut: 'サインアウトしました。',
    home: 'サイトに戻る',
  },
  zh: {
    title: '登录',
    intro: '请使用您的账户登录 Voltaris Components。',
    email: '电子邮件地址',
    password: '密码',
    submit: '登录',
    failed: '电子邮件地址或密码不正确，请重试。',
    throttled: '登录尝试次数过多。为保护您的账户，请等待 {minutes} 分钟后再试。',
    logoutTitle: '退出登录',
    logoutQuestion: '是否同时退出 Voltaris 账户服务？',
    logoutYes: '是，退出登录',
    logoutNo: '否，保持登录',
    loggedOut: '您已退出登录。',
    home: '返回网站',
  },
};

const HTML_LANG: Record<LoginLanguage, string> = { en: 'en', de: 'de', ja: 'ja-JP', zh: 'zh-CN' };

export const LOGIN_STYLES = `
body { font: 16px/1.5 system-ui, sans-serif; color: #1b2430; background: #f4f6f9; margin: 0; }
main { max-width: 26rem; margin: 4rem auto; background: #fff; border: 1px solid #d7dde5; border-radius: 8px; padding: 1.5rem 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
label { display: block; margin: 0.75rem 0 0.25rem; font-weight: 600; }
input { width: 100%; box-sizing: border-box; padding: 0.5rem; font: inherit; border: 1px solid #9aa5b1; border-radius: 4px; }
button { margin-top: 1rem; padding: 0.5rem 1rem; font: inherit; border: 0; border-radius: 4px; background: #0b5cad; color: #fff; cursor: pointer; }
button.secondary { background: #e4e8ee; color: #1b2430; }
.error { color: #b00020; }
`;

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function page(language: LoginLanguage, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${HTML_LANG[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><link rel="stylesheet" href="/oidc/interaction.css"></head><body><main>${body}</main></body></html>`;
}

export function loginPage(language: LoginLanguage, options: { action: string; email: string; failed?: boolean; throttledMinutes?: number }): string {
  const t = TEXT[language];
  const problem = options.throttledMinutes ? t.throttled.replace('{minutes}', String(options.throttledMinutes)) : options.failed ? t.failed : undefined;
  return page(
    language,
    t.title,
    `<h1>${escape(t.title)}</h1><p>${escape(t.intro)}</p>${problem ? `<p class="error" role="alert" id="login-error">${escape(problem)}</p>` : ''}
<form method="post" action="${escape(options.action)}" autocomplete="on">
<label for="email">${escape(t.email)}</label><input id="email" name="email" type="email" required autocomplete="username" value="${escape(options.email)}"${problem ? ' aria-describedby="login-error" aria-invalid="true"' : ''} autofocus>
<label for="password">${escape(t.password)}</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">${escape(t.submit)}</button>
</form>`,
  );
}

/** `form` is oidc-provider's hidden logout form (id op.logoutForm, with its xsrf token). */
export function logoutPage(language: LoginLanguage, form: string): string {
  const t = TEXT[language];
  // The provider's form carries an auto-submit script in some versions: keep only the form.
  const bare = form.replace(/<script[\s\S]*?<\/script>/gi, '');
  return page(
    language,
    t.logoutTitle,
    `<h1>${escape(t.logoutTitle)}</h1><p>${escape(t.logoutQuestion)}</p>${bare}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escape(t.logoutYes)}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escape(t.logoutNo)}</button>`,
  );
}

export function loggedOutPage(language: LoginLanguage): string {
  const t = TEXT[language];
  return page(language, t.logoutTitle, `<h1>${escape(t.loggedOut)}</h1><p><a href="/">${escape(t.home)}</a></p>`);
}
