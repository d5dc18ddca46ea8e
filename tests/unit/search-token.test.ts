import type { AppLoadContext } from '@remix-run/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchIdentityFor } from '../../app/auth/search-token.server.ts';
import type { SessionUser } from '../../app/auth/user.ts';

/** Issue 19: the site asks the Search API's token endpoint for each user's token and signs none itself. */

const unsignedJwt = (claims: Record<string, unknown>) => `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

function contextFor(apiUrl: string): AppLoadContext {
  return { config: { search: { apiUrl, organizationId: 'local', accessToken: 'anonymous-token', apiKey: 'impersonate-key' } } } as unknown as AppLoadContext;
}
const user = (id: string): SessionUser => ({ id, email: `${id}@customer.example`, displayName: id, groups: ['External-User'], type: 'external', profile: {} as SessionUser['profile'] });

afterEach(() => vi.unstubAllGlobals());

describe('search tokens come from the Search API token endpoint', () => {
  it('asks once per user with the impersonation key, and reuses the token', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Response.json({ token: unsignedJwt({ exp: Math.floor(Date.now() / 1000) + 900 }) });
    });
    const context = contextFor('http://search.test/a/rest/search/v2');
    const [first, second] = await Promise.all([searchIdentityFor(user('u1'), context), searchIdentityFor(user('u1'), context)]);
    const third = await searchIdentityFor(user('u1'), context);
    expect(calls).toHaveLength(1);
    expect(first.token).toBe(second.token);
    expect(third).toEqual(first);
    expect(first.identity).toBe('user:u1');
    expect(calls[0]!.url).toBe('http://search.test/a/rest/search/v2/token?organizationId=local');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer impersonate-key');
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ userIds: [{ name: 'u1@customer.example', provider: 'Email Security Provider', type: 'User' }], userGroups: ['External-User'], validFor: 900_000 });
  });

  it('asks again for a token about to expire', async () => {
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      asked += 1;
      // Expires in 30 s: within the minute before expiry, so it is not reused.
      return Response.json({ token: unsignedJwt({ exp: Math.floor(Date.now() / 1000) + 30 }) });
    });
    const context = contextFor('http://search.test/b/rest/search/v2');
    await searchIdentityFor(user('u2'), context);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await searchIdentityFor(user('u2'), context);
    expect(asked).toBe(2);
  });

  it('anonymous visitors use the anonymous token without asking', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    expect(await searchIdentityFor(null, contextFor('http://search.test/c'))).toEqual({ token: 'anonymous-token', identity: 'anonymous' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a refused token request leaves the user with the public results, and is asked again next time', async () => {
    let asked = 0;
    vi.stubGlobal('fetch', async () => {
      asked += 1;
      return Response.json({ statusCode: 401, message: 'The API key is not valid.', type: 'InvalidTokenException' }, { status: 401 });
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const context = contextFor('http://search.test/d/rest/search/v2');
    expect(await searchIdentityFor(user('u3'), context)).toEqual({ token: 'anonymous-token', identity: 'anonymous' });
    expect(await searchIdentityFor(user('u3'), context)).toEqual({ token: 'anonymous-token', identity: 'anonymous' });
    expect(asked).toBe(2);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/answered 401: The API key is not valid/);
    errors.mockRestore();
  });
});
