import { describe, expect, it } from 'vitest';
import { readChangeLink, signChangeLink } from './subscription-link.server.ts';

const SECRET = 'a-test-session-secret-of-32-chars';

describe('subscription change links', () => {
  it('carry the change, unreadable, and only under the secret they were made with', async () => {
    const token = await signChangeLink(SECRET, { email: 'ann@example.com', status: 'OPT_IN' }, 3600);
    expect(token).not.toContain('ann');
    expect(Buffer.from(token.split('.').join(''), 'base64url').toString('latin1')).not.toContain('ann@example.com');
    expect(await readChangeLink(SECRET, token)).toEqual({ ok: true, email: 'ann@example.com', status: 'OPT_IN' });
    expect(await readChangeLink('another-secret-of-at-least-32-chars', token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await readChangeLink(SECRET, `${token.slice(0, -2)}xx`)).toEqual({ ok: false, reason: 'invalid' });
    expect(await readChangeLink(SECRET, 'not-a-token')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('expire', async () => {
    const token = await signChangeLink(SECRET, { email: 'ann@example.com', status: 'OPT_OUT' }, 60, Date.now() - 3600_000);
    expect(await readChangeLink(SECRET, token)).toEqual({ ok: false, reason: 'expired' });
  });
});
