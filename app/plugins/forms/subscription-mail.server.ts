import type { AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from '~/cms/language.ts';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { translator } from '~/cms/use-site-shell.ts';

/**
 * The subscription mails (issue 19, item 5), sent through the outbox to the e-mail port: the link
 * to confirm a change (double opt-in), and after a confirmed subscription a welcome mail with a
 * signed link to unsubscribe. Plain text in the page's language: the dictionary's
 * `mail.subscription.<kind>.*`.
 */
type MailKind = 'confirm-OPT_IN' | 'confirm-OPT_OUT' | 'welcome';


export async function queueSubscriptionMail(context: AppLoadContext, language: SiteLanguage, input: { idempotencyKey: string; to: string; kind: MailKind; link: string }): Promise<void> {
  const t = translator(await loadDictionary(context, language));
  context.outbox.accept({
    kind: 'email',
    idempotencyKey: `${input.idempotencyKey}:${input.kind}`,
    owner: input.to.toLowerCase(),
    payload: {
      personalizations: [{ to: [{ email: input.to }] }],
      from: { email: context.config.email.from, name: 'Voltaris Components' },
      subject: t(`mail.subscription.${input.kind}.subject`),
      content: [{ type: 'text/plain', value: t(`mail.subscription.${input.kind}.body`, { link: input.link }) }],
    },
  });
}
