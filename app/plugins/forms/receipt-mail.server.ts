import type { AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from '~/cms/language.ts';

/**
 * The receipt e-mail a visitor gets for a message or an enquiry (issue 8: a confirmation page and
 * an e-mail through the outbox, with the reference, whatever the downstream state).
 */
const TEXT: Record<SiteLanguage, { subject: string; body: string }> = {
  en: { subject: 'We have your message ({ref})', body: 'Hello {name},\n\nthank you for writing to Voltaris Components. Your reference is {ref}; we answer within two working days.\n\nVoltaris Components' },
  de: { subject: 'Ihre Nachricht ist eingegangen ({ref})', body: 'Guten Tag {name},\n\ndanke für Ihre Nachricht an Voltaris Components. Ihre Referenz ist {ref}; wir antworten innerhalb von zwei Arbeitstagen.\n\nVoltaris Components' },
  'ja-jp': { subject: 'メッセージを受け付けました（{ref}）', body: '{name} 様\n\nVoltaris Componentsへのお問い合わせありがとうございます。受付番号は {ref} です。2営業日以内にご回答します。\n\nVoltaris Components' },
  zh: { subject: '我们已收到您的留言（{ref}）', body: '{name}，您好：\n\n感谢您联系 Voltaris Components。您的编号是 {ref}，我们将在两个工作日内答复。\n\nVoltaris Components' },
};

export function queueReceiptMail(context: AppLoadContext, language: SiteLanguage, input: { idempotencyKey: string; to: string; name: string; reference: string }): void {
  const text = TEXT[language];
  const fill = (template: string) => template.replaceAll('{ref}', input.reference).replaceAll('{name}', input.name);
  context.outbox.accept({
    kind: 'email',
    idempotencyKey: `${input.idempotencyKey}:receipt`,
    owner: input.to.toLowerCase(),
    payload: {
      personalizations: [{ to: [{ email: input.to, name: input.name }] }],
      from: { email: context.config.email.from, name: 'Voltaris Components' },
      subject: fill(text.subject),
      content: [{ type: 'text/plain', value: fill(text.body) }],
    },
  });
}
