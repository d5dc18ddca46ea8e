import { describe, expect, it } from 'vitest';
import { rememberQuery } from '~/plugins/search/recent.ts';

describe('recent queries (REQ-BOX-5, REQ-VALID-13)', () => {
  it('keeps the newest first, without duplicates, at most 10', () => {
    let recent: string[] = [];
    for (const q of ['fuse', 'relay', 'Fuse', ...Array.from({ length: 12 }, (_, i) => `q${i}`)]) recent = rememberQuery(recent, q, true);
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe('q11');
    expect(rememberQuery(['relay', 'fuse'], 'FUSE', true)).toEqual(['FUSE', 'relay']);
  });

  it('stores only non-empty queries that had results', () => {
    expect(rememberQuery(['fuse'], '  ', true)).toEqual(['fuse']);
    expect(rememberQuery(['fuse'], 'zzzz', false)).toEqual(['fuse']);
  });
});
