/**
 * Where the provider keeps its state (grants, tokens, sessions, the signing key) and the sign-in
 * throttle its counts. The launcher hands in the site's shared store, so that several site
 * processes are one provider; the provider needs only these operations of it. Values are strings;
 * every key ends.
 */
export interface ProviderStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key is absent; answers whether this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
  /** Counts one hit in a window that starts at the key's first hit: the count and the window's end. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  peek(key: string): Promise<{ count: number; resetAt: number }>;
  addToSet(key: string, member: string, ttlMs: number): Promise<void>;
  members(key: string): Promise<string[]>;
}

/**
 * The store handed in says it cannot answer (Redis gone) by an error named SharedStoreUnavailable:
 * the provider then answers 503 instead of a sign-in error.
 */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === 'SharedStoreUnavailable';
}

/** One process on its own (the CLI, unit tests): the same memory store the site uses without Redis. */
export { MemoryStore as MemoryProviderStore } from '@voltaris/memory-store/memory-store';
