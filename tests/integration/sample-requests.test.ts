import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { CookieClient, signIn } from '../support/browserless.ts';
import { startBuiltSite } from '../support/built-site.ts';

// Sample requests through the durable outbox to the sample-request stand-in, over HTTP.
// Sample-eligible parts of the site's catalogue (20,000 parts, the default seed).
const [PART_A, PART_B, PART_C] = generateCatalogue({ products: 20000 })
  .documents.filter((doc) => doc.objecttype === 'Product' && doc.fields.isparteligibleforsample === true && doc.fields.checkstock === true)
  .slice(0, 3)
  .map((doc) => doc.partNumber!) as [string, string, string];
const site = demoSiteForSuite({ SAMPLE_REQUEST_STANDIN_MODE: '500', FORM_RATE_LIMIT_PER_MINUTE: '0' }, { dataDir: 'site-data' });

const until = async (check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

async function requestSample(client: CookieClient, fields: Record<string, string>): Promise<Response> {
  const page = await (await client.follow('/request-sample')).text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)?.[1];
  if (!key) throw new Error('no idempotency key on the form');
  const body = new URLSearchParams({ _component: 'RequestSample', idempotencyKey: key, region: 'EMEA', firstName: 'Sam', lastName: 'Staff', address1: 'Leopoldstraße 10', city: 'München', postalCode: '80802', country: 'DE', ...fields });
  return client.request('/request-sample', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
}

const standIn = (url: string, mode: string) => fetch(`${url}/sample-service/_control`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-control-token': 'local-control-token' }, body: JSON.stringify({ mode }) });

describe.runIf(built)('sample requests never get lost (issue 8)', () => {
  it('accepts a request while the sample service fails, shows a reference, delivers it once the service recovers, lists it', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'staff@corp.example', password: 'staff-password', redirectTo: '/' });
    const posted = await requestSample(client, { part1: PART_A, qty1: '2' });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location')!;
    const reference = new URL(location, site.url).searchParams.get('reference')!;
    expect(reference).toMatch(/^VC-/);
    const confirmation = await (await client.follow(location)).text();
    expect(confirmation).toContain(reference);
    expect(site.outbox.byReference(reference)).toMatchObject({ state: 'pending' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(site.outbox.byReference(reference)!.attempts).toBeGreaterThanOrEqual(1);

    await standIn(site.url, 'ok');
    await until(() => site.outbox.byReference(reference)!.state === 'delivered');
    const list = (await (await fetch(`${site.url}/sample-service/request-sample?email=staff%40corp.example`, { headers: { 'x-api-token': 'local-sample-token' } })).json()) as { requests: Array<{ reference: string; deliveries: number }> };
    expect(list.requests.filter((entry) => entry.reference === reference)).toEqual([expect.objectContaining({ deliveries: 1 })]);
    const sampleList = await (await client.follow('/request-sample/SampleList')).text();
    expect(sampleList).toContain(reference);
    expect(sampleList).toContain('Received by the sample team');

    // The sample team moves it on; SampleList shows their status.
    const patch = (status: string, token = 'local-sample-token') =>
      fetch(`${site.url}/sample-service/request-sample/${reference}`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-api-token': token }, body: JSON.stringify({ status }) });
    expect((await patch('shipped', 'wrong')).status).toBe(401);
    expect((await patch('lost')).status).toBe(400);
    expect((await patch('shipped')).status).toBe(200);
    expect(await (await client.follow('/request-sample/SampleList')).text()).toContain('Shipped');

    // The confirmation e-mail went through the outbox to the mail port.
    const mails = async () =>
      ((await (await fetch(`${site.url}/api/sendgrid/messages?to=staff%40corp.example`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { messages: Array<{ subject: string; text: string }> }).messages;
    await until(async () => (await mails()).some((mail) => mail.subject.includes(reference)));
    const [mail] = (await mails()).filter((entry) => entry.subject.includes(reference));
    expect(mail!.text).toContain(`${PART_A} × 2`);
  });

  it('makes one submission of a double submit (same idempotency key)', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    const page = await (await client.follow('/request-sample')).text();
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
    const body = () => new URLSearchParams({ _component: 'RequestSample', idempotencyKey: key, region: 'APAC', firstName: 'Bea', lastName: 'Buyer', address1: 'x', city: 'y', postalCode: '1', country: 'JP', part1: PART_A });
    const [a, b] = await Promise.all([1, 2].map(() => client.request('/request-sample', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body() })));
    expect(a!.headers.get('location')).toBe(b!.headers.get('location'));
    expect(site.outbox.ofOwner('buyer@customer.example', 'sample-request')).toHaveLength(1);
  });

  it('refuses unknown parts and parts without samples, keeping what was typed', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    const refused = await requestSample(client, { part1: 'ZZ99', qty1: '50' });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain('value="ZZ99"');
    expect(html).toContain('Samples are 1 to 10 pieces.');
  });

  it('asks an anonymous visitor to sign in first, keeping the parts', async () => {
    const html = await (await fetch(`${site.url}/request-sample?parts=${encodeURIComponent(PART_A)}`)).text();
    expect(html).toMatch(/<form method="post"/);
    const asked = await fetch(`${site.url}/request-sample?parts=${encodeURIComponent(PART_A)}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _component: 'RequestSample', parts: PART_A }) });
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe(`/login?${new URLSearchParams({ redirectTo: `/request-sample?parts=${PART_A}` })}`);
  });
});

describe.runIf(built)('contact us', () => {
  it('sends the message to the unit\'s contact for the country through the outbox', async () => {
    const page = await (await fetch(`${site.url}/company/contact?unit=Automotive&country=Germany`)).text();
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
    const contact = /href="mailto:([^"]+)"/.exec(page)![1]!;
    const posted = await fetch(`${site.url}/company/contact?unit=Automotive&country=Germany`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _component: 'ContactUs', idempotencyKey: key, unit: 'Automotive', country: 'Germany', name: 'Petra Test', email: 'petra@customer.example', message: 'Please call me about AEC-Q fuses.' }),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toMatch(/\/company\/contact\?unit=Automotive&country=Germany&sent=VC-/);
    const mails = async () =>
      ((await (await fetch(`${site.url}/api/sendgrid/messages?to=${encodeURIComponent(contact)}`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { messages: Array<{ subject: string; text: string }> }).messages;
    await until(async () => (await mails()).some((mail) => mail.subject.includes('Petra Test')));
    expect((await mails()).find((mail) => mail.subject.includes('Petra Test'))!.text).toContain('Please call me about AEC-Q fuses.');
    // And the visitor gets a receipt with the reference.
    const reference = new URL(posted.headers.get('location')!, site.url).searchParams.get('sent')!;
    const receipts = async () =>
      ((await (await fetch(`${site.url}/api/sendgrid/messages?to=petra%40customer.example`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { messages: Array<{ subject: string }> }).messages;
    await until(async () => (await receipts()).some((mail) => mail.subject.includes(reference)));
  });
});

describe.runIf(built)('enquiry forms', () => {
  it('deliver to the marketing-form service with the portalId, the rendering\'s formGuid and the fields', async () => {
    const page = await (await fetch(`${site.url}/supplier-area`)).text();
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
    const form = { _component: 'EnquiryForm', idempotencyKey: key, name: 'Sup Plier', email: 'supplier@vendor.example', supplierNumber: 'S-1042', notificationType: 'lead-time', details: 'Lead time for 0451 ceramic bodies goes to 14 weeks.' };
    const posted = await fetch(`${site.url}/supplier-area`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
    expect(posted.status).toBe(303);
    // The kind and formGuid come from the CMS, never from the post.
    const tampered = await fetch(`${site.url}/supplier-area`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...form, formGuid: 'evil', kind: 'ask-an-expert' }) });
    expect(tampered.status).toBe(303);
    const submissions = async () =>
      ((await (await fetch(`${site.url}/marketing-forms/submissions?formGuid=0f3c2a10-supplier-notification`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { submissions: Array<{ email: string; fields: Array<{ name: string; value: string }>; context: { pageUri: string } }> }).submissions;
    await until(async () => (await submissions()).length === 1);
    const [submission] = await submissions();
    expect(submission!.fields).toEqual(expect.arrayContaining([{ name: 'supplierNumber', value: 'S-1042' }, { name: 'enquiry_kind', value: 'supplier-notification' }]));
    expect(submission!.context.pageUri).toBe(`${site.url}/supplier-area`);
  });
});

describe.runIf(built)('when the mail and stock ports fail', () => {
  it('keeps the confirmation mail until the mail port recovers, and says so when stock cannot be checked', async () => {
    const control = (path: string, mode: string) => fetch(`${site.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-control-token': 'local-control-token' }, body: JSON.stringify({ mode }) });
    await control('/api/sendgrid/_control', '429');
    await standIn(site.url, 'ok');
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'admin@corp.example', password: 'admin-password', redirectTo: '/' });
    const posted = await requestSample(client, { part1: PART_B, qty1: '1' });
    const reference = new URL(posted.headers.get('location')!, site.url).searchParams.get('reference')!;
    await until(() => site.outbox.ofOwner('admin@corp.example', 'email').some((mail) => mail.attempts >= 1));
    expect(site.outbox.ofOwner('admin@corp.example', 'email').find((mail) => mail.state === 'pending')).toBeDefined();
    await control('/api/sendgrid/_control', 'ok');
    await until(() => site.outbox.ofOwner('admin@corp.example', 'email').every((mail) => mail.state === 'delivered'));
    expect(reference).toMatch(/^VC-/);

    await control('/stock-service/v1/_control', 'down');
    const stock = await fetch(`${site.url}/CheckStock`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ partNumber: PART_A, quantity: '1' }) });
    expect(stock.status).toBe(503);
    expect(await stock.text()).toContain('Stock cannot be checked just now.');
    await control('/stock-service/v1/_control', 'ok');
  });
});

describe.runIf(built)('after kill -9', () => {
  it('delivers every queued submission exactly once on the next start', { timeout: 90_000 }, async () => {
    // The built site as `npm start` runs it, started again on the same port and DATA_DIR after the kill.
    const site = await startBuiltSite('site-crash', { SESSION_SECRET: 'crash-test-session-secret', FORM_RATE_LIMIT_PER_MINUTE: '0', CATALOGUE_PRODUCTS: '20000', SAMPLE_REQUEST_STANDIN_MODE: '500' });
    const url = site.origin;
    try {
      const client = new CookieClient(url);
      await signIn(client, { email: 'staff@corp.example', password: 'staff-password', redirectTo: '/' });
      const references: string[] = [];
      for (const part of [PART_A, PART_B, PART_C]) {
        const posted = await requestSample(client, { part1: part, qty1: '1' });
        expect(posted.status).toBe(303);
        references.push(new URL(posted.headers.get('location')!, url).searchParams.get('reference')!);
      }
      site.process.child.kill('SIGKILL');
      await site.exited();

      await site.restart({ SAMPLE_REQUEST_STANDIN_MODE: 'ok' });
      const received = async () => {
        const list = (await (await fetch(`${url}/sample-service/request-sample?email=staff%40corp.example`, { headers: { 'x-api-token': 'local-sample-token' } })).json()) as { requests: Array<{ reference: string; deliveries: number }> };
        return list.requests;
      };
      await until(async () => (await received()).length === 3, 30_000);
      const requests = await received();
      expect(requests.map((entry) => entry.reference).sort()).toEqual([...references].sort());
      expect(requests.every((entry) => entry.deliveries === 1)).toBe(true);
    } finally {
      site.process.child.kill('SIGKILL');
      await site.remove();
    }
  });
});
