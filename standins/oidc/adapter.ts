import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { ProviderStore } from './store.ts';

/**
 * oidc-provider's storage (its sessions, interactions, grants, codes, access and refresh tokens)
 * in the site's shared store: with Redis, a sign-in begun on one process can be finished on
 * another, and a refresh token still works after a restart. Each entry ends when the provider says
 * it does; a grant keeps an index of what it issued, so revoking the grant revokes them all.
 */
type Entry = { payload: AdapterPayload; until: number };

const FOREVER_MS = 365 * 24 * 3600 * 1000;

/** Models whose entries belong to a grant (oidc-provider's own list, from its Redis example). */
const GRANTABLE = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

export function sharedAdapter(store: ProviderStore, prefix = 'oidc:') {
  return class SharedAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string) {
      return `${prefix}${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const ttl = expiresIn ? expiresIn * 1000 : FOREVER_MS;
      const key = this.key(id);
      await store.set(key, JSON.stringify({ payload, until: Date.now() + ttl } satisfies Entry), ttl);
      if (GRANTABLE.has(this.model) && payload.grantId) await store.addToSet(`${prefix}grant:${payload.grantId}`, key, ttl);
      if (payload.userCode) await store.set(`${prefix}userCode:${payload.userCode}`, id, ttl);
      if (payload.uid) await store.set(`${prefix}${this.model}:uid:${payload.uid}`, id, ttl);
    }

    private async entry(id: string): Promise<Entry | undefined> {
      const value = await store.get(this.key(id));
      return value === undefined ? undefined : (JSON.parse(value) as Entry);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return (await this.entry(id))?.payload;
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const id = await store.get(`${prefix}userCode:${userCode}`);
      return id === undefined ? undefined : this.find(id);
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const id = await store.get(`${prefix}${this.model}:uid:${uid}`);
      return id === undefined ? undefined : this.find(id);
    }

    async consume(id: string): Promise<void> {
      const entry = await this.entry(id);
      if (!entry) return;
      const ttl = entry.until - Date.now();
      if (ttl > 0) await store.set(this.key(id), JSON.stringify({ ...entry, payload: { ...entry.payload, consumed: Math.floor(Date.now() / 1000) } }), ttl);
    }

    async destroy(id: string): Promise<void> {
      await store.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      const index = `${prefix}grant:${grantId}`;
      await store.delete(...(await store.members(index)), index);
    }
  };
}
