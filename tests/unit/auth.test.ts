import { describe, expect, it } from 'vitest';
import { userFromClaims } from '~/auth/claims.ts';
import { refreshDue, refreshIfDue, keepTokens, tokensOf, safeRedirectPath, REFRESH_AHEAD_MS } from '~/auth/session.server.ts';
import { claimsOf, SEEDED_ACCOUNTS } from '../../standins/oidc/accounts.ts';
import { MemorySharedStore } from '../../server/shared-store.ts';

describe('redirects after sign-in', () => {
  it('follows same-origin relative paths only', () => {
    expect(safeRedirectPath('/products/fuses?x=1#top')).toBe('/products/fuses?x=1#top');
    // Dot segments and backslashes resolve to '//evil.example'; tabs and newlines are dropped by the browser.
    const folded = ['/a/..//evil.example', '/a\\..\\\\evil.example', '/./\\evil.example', '/\t/evil.example', '/\n/evil.example'];
    for (const unsafe of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '', undefined, 'products', '/a\u0000b', ...folded]) {
      expect(safeRedirectPath(unsafe), JSON.stringify(unsafe)).toBe('/');
    }
    // What it does follow stays on this site, however it is resolved.
    expect(safeRedirectPath('/de/../products/./fuses')).toBe('/products/fuses');
  });
});

describe('the user from the ID token', () => {
  it('fills every loggedInUserProfileDetails field, the groups and the type from the e-mail suffix', () => {
    const buyer = userFromClaims(claimsOf(SEEDED_ACCOUNTS[2]!), '@corp.example');
    expect(buyer).toMatchObject({ id: 'u-buyer-0003', email: 'buyer@customer.example', displayName: 'Bea Buyer', groups: ['External-User'], type: 'external' });
    expect(buyer.profile).toMatchObject({ firstName: 'Bea', lastName: 'Buyer', companyName: 'Customer Devices Ltd', city: 'Minato-ku', country: 'JP', postalCode: '108-0023', requestSampleRegion: 'APAC', address2: 'Floor 4' });
    expect(Object.values(buyer.profile).every((value) => typeof value === 'string')).toBe(true);
    expect(userFromClaims(claimsOf(SEEDED_ACCOUNTS[1]!), '@corp.example').type).toBe('internal');
    expect(userFromClaims({ sub: 'x', groups: ['Internal-Admin', 'Root'] }, '@corp.example').groups).toEqual(['Internal-Admin']);
  });
});

describe('refreshing tokens before they end', () => {
  it('is due within a minute of expiry, and only with a refresh token', () => {
    const now = 1_000_000;
    expect(refreshDue({ accessToken: 'a', idToken: 'i', refreshToken: 'r', accessExpiresAt: now + REFRESH_AHEAD_MS + 1 }, now)).toBe(false);
    expect(refreshDue({ accessToken: 'a', idToken: 'i', refreshToken: 'r', accessExpiresAt: now + 1000 }, now)).toBe(true);
    expect(refreshDue({ accessToken: 'a', idToken: 'i', accessExpiresAt: now + 1000 }, now)).toBe(false);
  });

  it('replaces the tokens, keeping the refresh token when none comes back, and survives a refusal', async () => {
    const store = new MemorySharedStore();
    await keepTokens(store, 'sid-1', { accessToken: 'old', idToken: 'id', refreshToken: 'r1', accessExpiresAt: Date.now() + 10 }, 60_000);
    expect(await refreshIfDue(store, 'sid-1', async (token) => ({ accessToken: `new-from-${token}`, idToken: '', accessExpiresAt: Date.now() + 3_600_000 }), 60_000)).toBe(true);
    expect(await tokensOf(store, 'sid-1')).toMatchObject({ accessToken: 'new-from-r1', refreshToken: 'r1', idToken: 'id' });
    await keepTokens(store, 'sid-2', { accessToken: 'old', idToken: 'id', refreshToken: 'r2', accessExpiresAt: Date.now() + 10 }, 60_000);
    expect(await refreshIfDue(store, 'sid-2', () => Promise.reject(new Error('invalid_grant')), 60_000)).toBe(false);
    expect((await tokensOf(store, 'sid-2'))?.accessToken).toBe('old');
  });
});
