import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemorySharedStore } from '../../server/shared-store.ts';
import { MemorySessionStore, SharedSessionStore, SqliteSessionStore, type SessionStore } from './session-store.server.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'session-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each<[string, () => SessionStore]>([
  ['memory', () => new MemorySessionStore()],
  ['sqlite', () => new SqliteSessionStore(path.join(dir, `s-${Math.random()}.sqlite`))],
  ['shared', () => new SharedSessionStore(new MemorySharedStore())],
])('the %s session store', (_name, make) => {
  it('keeps data under an unguessable id, until it is deleted or expires', async () => {
    const store = make();
    const id = await store.create({ user: 'u1' }, Date.now() + 60_000);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.create({}, Date.now() + 1000)).not.toBe(id);
    expect(await store.read(id)).toEqual({ user: 'u1' });
    await store.update(id, { user: 'u2' }, Date.now() + 60_000);
    expect(await store.read(id)).toEqual({ user: 'u2' });
    await store.delete(id);
    expect(await store.read(id)).toBeUndefined();
    const old = await store.create({ user: 'u3' }, Date.now() - 1);
    expect(await store.read(old)).toBeUndefined();
    expect(await store.read('unknown')).toBeUndefined();
  });
});

describe('the SQLite session store', () => {
  it('is shared by two handles on one file (two processes on one DATA_DIR)', async () => {
    const file = path.join(dir, 'shared.sqlite');
    const one = new SqliteSessionStore(file);
    const two = new SqliteSessionStore(file);
    const id = await one.create({ user: 'u1' }, Date.now() + 60_000);
    expect(await two.read(id)).toEqual({ user: 'u1' });
    await two.delete(id);
    expect(await one.read(id)).toBeUndefined();
    one.close();
    two.close();
  });
});
