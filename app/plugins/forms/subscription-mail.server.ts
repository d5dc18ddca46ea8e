import type { AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from '~/cms/language.ts';

/**
 * The subscription mails (issue 19, item 5), sent through the outbox to the e-mail port: the link
 * to confirm a change (double opt-in), and after a confirmed subscription a welcome mail with a
 * signed link to unsubscribe. Plain text in the page's language.
 */
type MailKind = 'confirm-OPT_IN' | 'confirm-OPT_OUT' | 'welcome';

const TEXT: Record<SiteLanguage, Record<MailKind, { subject: string; body: string }>> = {
  en: {
    'confirm-OPT_IN': {
      subject: 'Please confirm your subscription to Voltaris e-mails',
      body: 'Hello,\n\nsomeone, we hope you, asked for product news and application notes from Voltaris Components to be sent to this address. To confirm, open this link and press the button on the page:\n\n{link}\n\nThe link works for 48 hours. If you did not ask for this, ignore this mail: nothing changes.\n\nVoltaris Components',
    },
    'confirm-OPT_OUT': {
      subject: 'Please confirm: unsubscribe from Voltaris e-mails',
      body: 'Hello,\n\nsomeone, we hope you, asked us to stop sending product news and application notes to this address. To confirm, open this link and press the button on the page:\n\n{link}\n\nThe link works for 48 hours. If you did not ask for this, ignore this mail: nothing changes.\n\nVoltaris Components',
    },
    welcome: {
      subject: 'You are subscribed to Voltaris e-mails',
      body: 'Hello,\n\nthank you: product news and application notes from Voltaris Components will come to this address.\n\nTo unsubscribe at any time, open this link and press the button on the page:\n\n{link}\n\nVoltaris Components',
    },
  },
  de: {
    'confirm-OPT_IN': {
      subject: 'Bitte bestätigen Sie Ihr Abonnement der Voltaris-E-Mails',
      body: 'Guten Tag,\n\njemand, hoffentlich Sie, hat Produktneuheiten und Applikationsschriften von Voltaris Components an diese Adresse bestellt. Zum Bestätigen öffnen Sie diesen Link und drücken die Schaltfläche auf der Seite:\n\n{link}\n\nDer Link gilt 48 Stunden. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Es ändert sich nichts.\n\nVoltaris Components',
    },
    'confirm-OPT_OUT': {
      subject: 'Bitte bestätigen: Voltaris-E-Mails abbestellen',
      body: 'Guten Tag,\n\njemand, hoffentlich Sie, möchte keine Produktneuheiten und Applikationsschriften mehr an diese Adresse erhalten. Zum Bestätigen öffnen Sie diesen Link und drücken die Schaltfläche auf der Seite:\n\n{link}\n\nDer Link gilt 48 Stunden. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail: Es ändert sich nichts.\n\nVoltaris Components',
    },
    welcome: {
      subject: 'Sie haben die Voltaris-E-Mails abonniert',
      body: 'Guten Tag,\n\ndanke: Produktneuheiten und Applikationsschriften von Voltaris Components kommen ab jetzt an diese Adresse.\n\nZum Abbestellen öffnen Sie jederzeit diesen Link und drücken die Schaltfläche auf der Seite:\n\n{link}\n\nVoltaris Components',
    },
  },
  'ja-jp': {
    'confirm-OPT_IN': {
      subject: 'Voltarisメールの購読を確認してください',
      body: 'このアドレスへのVoltaris Componentsの製品ニュースとアプリケーションノートの配信が申し込まれました。確認するには、次のリンクを開き、ページのボタンを押してください。\n\n{link}\n\nリンクの有効期間は48時間です。お心当たりがない場合は、このメールを無視してください。何も変更されません。\n\nVoltaris Components',
    },
    'confirm-OPT_OUT': {
      subject: 'Voltarisメールの購読停止を確認してください',
      body: 'このアドレスへのVoltaris Componentsの製品ニュースとアプリケーションノートの配信停止が申し込まれました。確認するには、次のリンクを開き、ページのボタンを押してください。\n\n{link}\n\nリンクの有効期間は48時間です。お心当たりがない場合は、このメールを無視してください。何も変更されません。\n\nVoltaris Components',
    },
    welcome: {
      subject: 'Voltarisメールの購読を開始しました',
      body: 'ありがとうございます。Voltaris Componentsの製品ニュースとアプリケーションノートをこのアドレスにお届けします。\n\n購読を停止するには、いつでも次のリンクを開き、ページのボタンを押してください。\n\n{link}\n\nVoltaris Components',
    },
  },
  zh: {
    'confirm-OPT_IN': {
      subject: '请确认订阅 Voltaris 电子邮件',
      body: '您好：\n\n有人申请向此地址发送 Voltaris Components 的产品新闻和应用笔记。如需确认，请打开以下链接并按页面上的按钮：\n\n{link}\n\n链接在 48 小时内有效。如果不是您本人申请，请忽略此邮件，不会有任何更改。\n\nVoltaris Components',
    },
    'confirm-OPT_OUT': {
      subject: '请确认退订 Voltaris 电子邮件',
      body: '您好：\n\n有人申请停止向此地址发送产品新闻和应用笔记。如需确认，请打开以下链接并按页面上的按钮：\n\n{link}\n\n链接在 48 小时内有效。如果不是您本人申请，请忽略此邮件，不会有任何更改。\n\nVoltaris Components',
    },
    welcome: {
      subject: '您已订阅 Voltaris 电子邮件',
      body: '您好：\n\n谢谢：Voltaris Components 的产品新闻和应用笔记将发送到此地址。\n\n如需退订，可随时打开以下链接并按页面上的按钮：\n\n{link}\n\nVoltaris Components',
    },
  },
};

export function queueSubscriptionMail(context: AppLoadContext, language: SiteLanguage, input: { idempotencyKey: string; to: string; kind: MailKind; link: string }): void {
  const text = TEXT[language][input.kind];
  context.outbox.accept({
    kind: 'email',
    idempotencyKey: `${input.idempotencyKey}:${input.kind}`,
    owner: input.to.toLowerCase(),
    payload: {
      personalizations: [{ to: [{ email: input.to }] }],
      from: { email: context.config.email.from, name: 'Voltaris Components' },
      subject: text.subject,
      content: [{ type: 'text/plain', value: text.body.replace('{link}', input.link) }],
    },
  });
}
