import type { AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from '~/cms/language.ts';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { translator } from '~/cms/use-site-shell.ts';

/**
 * The receipt e-mail a visitor gets for a message or an enquiry (issue 8: a confirmation page and
 * an e-mail through the outbox, with the reference, whatever the downstream state). Its words are
 * the dictionary's `mail.receipt.*` in the page's language.
 */

export async function queueReceiptMail(context: AppLoadContext, language: SiteLanguage, input: { idempotencyKey: string; to: string; name: string; reference: string }): Promise<void> {
  const t = translator(await loadDictionary(context, language));
  const values = { ref: input.reference, name: input.name };
  context.outbox.accept({
    kind: 'email',
    idempotencyKey: `${input.idempotencyKey}:receipt`,
    owner: input.to.toLowerCase(),
    payload: {
      personalizations: [{ to: [{ email: input.to, name: input.name }] }],
      from: { email: context.config.email.from, name: 'Voltaris Components' },
      subject: t('mail.receipt.subject', values),
      content: [{ type: 'text/plain', value: t('mail.receipt.body', values) }],
    },
  });
}
