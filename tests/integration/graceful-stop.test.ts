import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { siteBuilt, startBuiltSite } from '../support/built-site.ts';

// Issue 30, item 3 (decision 0090): SIGTERM to `npm start`'s process while a request is in flight.
// The request finishes, /readyz says 503 meanwhile and new pages are refused, the process exits 0,
// and a form posted just before is delivered by the next start.

const control = (site: string, mode: string) =>
  fetch(`${site}/marketing-forms/_control`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-control-token': 'local-control-token' }, body: JSON.stringify({ mode }) });

async function notificationFields(site: string, email: string): Promise<Record<string, string>> {
  const page = await (await fetch(`${site}/supplier-area`)).text();
  const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
  return { _component: 'EnquiryForm', idempotencyKey: key, name: 'Jana Novák', email, company: 'Keramik Brno s.r.o.', supplierNumber: 'S-20417', notificationType: 'process-change', partNumbers: '0451005', effectiveDate: '2027-03-01', details: 'The kiln moves to hall 3.' };
}

/** A form post whose body arrives in two parts: the request is in flight until `finish` is called. */
function slowPost(site: string, fields: Record<string, string>): { finish(): void; answer: Promise<{ status: number; location: string }> } {
  const body = Buffer.from(new URLSearchParams(fields).toString());
  const url = new URL('/supplier-area', site);
  let finish = () => {};
  const answer = new Promise<{ status: number; location: string }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? '') }));
    });
    req.on('error', reject);
    req.write(body.subarray(0, 20));
    finish = () => req.end(body.subarray(20));
  });
  return { finish: () => finish(), answer };
}

const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.runIf(siteBuilt)('graceful stop', () => {
  it('SIGTERM during a slow request: it completes, /readyz is 503 meanwhile, exit 0, and the form posted before is delivered after the restart', async () => {
    // Started as `npm start` runs it; resolved once its /readyz said 200.
    const site = await startBuiltSite('graceful-stop', { SITE_MODE: 'demo', CATALOGUE_PRODUCTS: '2000', FORM_RATE_LIMIT_PER_MINUTE: '0', DRAIN_TIMEOUT_MS: '20000' });
    const first = site.process;
    let restarted = false;
    try {
      // The marketing-form service is down: the form is stored, not yet delivered.
      expect((await control(site.origin, 'down')).status).toBe(200);
      const before = await fetch(`${site.origin}/supplier-area`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(await notificationFields(site.origin, 'before.stop@keramik.example')) });
      expect(before.status).toBe(303);
      const beforeReference = new URL(before.headers.get('location')!, site.origin).searchParams.get('sent');
      expect(beforeReference).toMatch(/^VC-/);

      const slow = slowPost(site.origin, await notificationFields(site.origin, 'during.stop@keramik.example'));
      // The request has reached the site (its headers are read) before the signal.
      await new Promise((resolve) => setTimeout(resolve, 300));
      first.child.kill('SIGTERM');

      await until(async () => (await fetch(`${site.origin}/readyz`)).status === 503, 10_000);
      const ready = (await (await fetch(`${site.origin}/readyz`)).json()) as { status: string; inFlight: number };
      expect(ready).toEqual({ status: 'stopping', inFlight: 1 });
      // A new page is refused while the one in flight finishes.
      const refused = await fetch(`${site.origin}/company/about`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(first.child.exitCode).toBeNull();

      slow.finish();
      const answered = await slow.answer;
      expect(answered.status).toBe(303);
      const duringReference = new URL(answered.location, site.origin).searchParams.get('sent');
      expect(duringReference).toMatch(/^VC-/);
      expect(await site.exited()).toBe(0);
      expect(first.output.join('\n')).toContain('"msg":"stopped"');

      // The next start (the marketing-form service answering again) delivers both.
      await site.restart();
      restarted = true;
      const delivered = async () => {
        const listing = (await (await fetch(`${site.origin}/marketing-forms/submissions?formGuid=0f3c2a10-supplier-notification`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { submissions: Array<{ email: string }> };
        const emails = listing.submissions.map((entry) => entry.email);
        return emails.includes('before.stop@keramik.example') && emails.includes('during.stop@keramik.example');
      };
      await until(delivered, 30_000);
    } finally {
      first.child.kill('SIGKILL');
      if (restarted) {
        site.process.child.kill('SIGTERM');
        expect(await site.exited()).toBe(0);
      }
      await site.remove();
    }
  }, 120_000);
});
