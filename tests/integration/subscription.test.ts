import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { CookieClient, signIn } from '../support/browserless.ts';

// Marketing subscriptions with double opt-in (issue 19, item 5): nothing changes until the
// address's owner follows the e-mailed link and confirms on the page it opens.
const site = demoSiteForSuite({ FORM_RATE_LIMIT_PER_MINUTE: '0', CATALOGUE_PRODUCTS: '2000' }, { dataDir: 'subscription' });

const until = async <T>(check: () => Promise<T | undefined> | T | undefined, ms = 15_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

// The mail stand-in's listing, with its key (and the control token another change adds for it).
const mailHeaders = { authorization: 'Bearer local-email-key', 'x-control-token': 'local-control-token' };
async function mails(to: string): Promise<Array<{ subject: string; text: string }>> {
  const answer = await fetch(`${site.url}/api/sendgrid/messages?${new URLSearchParams({ to })}`, { headers: mailHeaders });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { messages: Array<{ subject: string; text: string }> }).messages;
}

async function statusOf(email: string): Promise<string> {
  const answer = await fetch(`${site.url}/marketing-forms/subscriptions?${new URLSearchParams({ email })}`, { headers: { 'x-control-token': 'local-control-token' } });
  return ((await answer.json()) as { status: string }).status;
}

const linkIn = (text: string, origin: string) => {
  const found = new RegExp(`${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^\\s]*[?&]confirm=[^\\s]+`).exec(text)?.[0];
  if (!found) throw new Error(`no confirmation link in: ${text}`);
  return found;
};

async function formKey(client: CookieClient, page = '/subscription'): Promise<string> {
  const html = await (await client.follow(page)).text();
  return /name="idempotencyKey" value="([^"]+)"/.exec(html)![1]!;
}

async function postChange(client: CookieClient, fields: Record<string, string>, page = '/subscription'): Promise<Response> {
  const body = new URLSearchParams({ _component: 'MarketingSubscription', idempotencyKey: await formKey(client, page), website: '', ...fields });
  return client.request(page, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
}

/** Opens the e-mailed link (a page with a button, changing nothing) and presses the button. */
async function confirm(client: CookieClient, link: string): Promise<{ page: string; answer: Response }> {
  const opened = await client.follow(link);
  expect(opened.status).toBe(200);
  const page = await opened.text();
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error(`no confirm form on ${link}`);
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
  const pathname = new URL(link).pathname;
  const answer = await client.request(pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _component: 'MarketingSubscription', intent: 'confirm', token: token.replaceAll('&amp;', '&'), idempotencyKey: key, website: '' }),
  });
  return { page, answer };
}

describe.runIf(built)('marketing subscription with double opt-in (issue 19)', () => {
  it('subscribes an address only once its owner follows the e-mailed link and confirms; GET alone changes nothing', async () => {
    const email = `new-${Date.now()}@example.com`;
    const client = new CookieClient(site.url);
    const posted = await postChange(client, { email, status: 'OPT_IN', consent: 'yes' });
    expect(posted.status).toBe(303);
    const answer = await (await client.follow(posted.headers.get('location')!)).text();
    expect(answer).toContain('check your mailbox');
    // Nothing on its way to the marketing service, and no change there.
    expect(site.outbox.ofOwner(email, 'marketing-form')).toEqual([]);
    expect(await statusOf(email)).toBe('NOT_OPTED');

    const [mail] = await until(async () => ((await mails(email)).length ? mails(email) : undefined));
    expect(mail!.subject).toMatch(/confirm/i);
    const link = linkIn(mail!.text, site.url);
    // The link carries nothing readable: no address in it.
    expect(link).not.toContain(email);
    expect(link).not.toContain(encodeURIComponent(email));

    // A mail scanner that fetches the link confirms nothing.
    const prefetch = await fetch(link);
    expect(prefetch.status).toBe(200);
    // The page holds a credential: never copied, and never sent to other sites as a Referer.
    expect(prefetch.headers.get('cache-control')).toContain('no-store');
    expect(prefetch.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(await prefetch.text()).toMatch(/<button[^>]*type="submit"[^>]*>Confirm/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(site.outbox.ofOwner(email, 'marketing-form')).toEqual([]);
    expect(await statusOf(email)).toBe('NOT_OPTED');

    const { answer: confirmed } = await confirm(new CookieClient(site.url), link);
    expect(confirmed.status).toBe(303);
    const reference = new URL(confirmed.headers.get('location')!, site.url).searchParams.get('sent');
    expect(reference).toMatch(/^VC-/);
    await until(async () => ((await statusOf(email)) === 'OPT_IN' ? true : undefined));

    // The welcome mail has a signed link to unsubscribe, confirmed the same way.
    const welcome = await until(async () => (await mails(email)).find((entry) => /unsubscribe/i.test(entry.text)));
    const unsubscribe = linkIn(welcome.text, site.url);
    const { page, answer: unsubscribed } = await confirm(new CookieClient(site.url), unsubscribe);
    expect(page).toMatch(/Confirm unsubscribing/);
    expect(unsubscribed.status).toBe(303);
    await until(async () => ((await statusOf(email)) === 'OPT_OUT' ? true : undefined));
  });

  it('answers the same to anyone whatever the address\'s status, and unsubscribes only after confirmation', async () => {
    const email = `known-${Date.now()}@example.com`;
    const client = new CookieClient(site.url);
    await postChange(client, { email, status: 'OPT_IN', consent: 'yes' });
    const [mail] = await until(async () => ((await mails(email)).length ? mails(email) : undefined));
    await confirm(client, linkIn(mail!.text, site.url));
    await until(async () => ((await statusOf(email)) === 'OPT_IN' ? true : undefined));

    const stranger = new CookieClient(site.url);
    const fresh = `unknown-${Date.now()}@example.com`;
    const pages = [];
    for (const address of [email, fresh]) {
      const posted = await postChange(stranger, { email: address, status: 'OPT_OUT' });
      expect(posted.status).toBe(303);
      pages.push(await (await stranger.follow(posted.headers.get('location')!)).text());
    }
    const visible = (html: string) => /<section class="subscription">([\s\S]*?)<\/section>/.exec(html)![1]!.replace(/value="[0-9a-f-]{36}"/g, '');
    expect(visible(pages[0]!)).toBe(visible(pages[1]!));
    expect(pages[0]).not.toMatch(/subscribed<\/strong>/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await statusOf(email)).toBe('OPT_IN');
    const unsubscribe = await until(async () => (await mails(email)).find((entry) => /unsubscrib/i.test(entry.subject)));
    await confirm(stranger, linkIn(unsubscribe.text, site.url));
    await until(async () => ((await statusOf(email)) === 'OPT_OUT' ? true : undefined));
  });

  it('refuses a tampered or foreign link with 400 and a message, changing nothing', async () => {
    const email = `tamper-${Date.now()}@example.com`;
    const client = new CookieClient(site.url);
    await postChange(client, { email, status: 'OPT_IN', consent: 'yes' });
    const [mail] = await until(async () => ((await mails(email)).length ? mails(email) : undefined));
    const link = new URL(linkIn(mail!.text, site.url));
    const token = link.searchParams.get('confirm')!;
    link.searchParams.set('confirm', `${token.slice(0, -4)}AAAA`);
    const opened = await client.follow(link.toString());
    // Opening it is refused as well: the page explains, with a 4xx, not a 200.
    expect(opened.status).toBe(400);
    expect(await opened.text()).toContain('This confirmation link is not valid');
    const posted = await client.request('/subscription', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _component: 'MarketingSubscription', intent: 'confirm', token: link.searchParams.get('confirm')!, idempotencyKey: await formKey(client), website: '' }),
    });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('This confirmation link is not valid');
    expect(await statusOf(email)).toBe('NOT_OPTED');
  });

  it('asks a signed-in visitor to confirm by mail too, and shows the new status once confirmed', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/subscription' });
    const before = await statusOf('buyer@customer.example');
    const posted = await postChange(client, { status: before === 'OPT_IN' ? 'OPT_OUT' : 'OPT_IN', consent: 'yes' });
    expect(posted.status).toBe(303);
    expect(await (await client.follow(posted.headers.get('location')!)).text()).toContain('check your mailbox');
    expect(await statusOf('buyer@customer.example')).toBe(before);
    const mail = await until(async () => (await mails('buyer@customer.example')).find((entry) => /confirm/i.test(entry.subject)));
    const { answer } = await confirm(client, linkIn(mail.text, site.url));
    const after = await (await client.follow(answer.headers.get('location')!)).text();
    expect(after).toMatch(/Reference[\s\S]{0,20}<strong class="reference">VC-/);
    await until(async () => ((await statusOf('buyer@customer.example')) !== before ? true : undefined));
  });
});
