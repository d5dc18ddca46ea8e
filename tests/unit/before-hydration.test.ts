import { describe, expect, it } from 'vitest';
import { beforeHydration, runBeforeHydration } from '~/lib/before-hydration.ts';

describe('work before hydration', () => {
  it('runs each piece in a task of its own, in order, and resolves in a later task', async () => {
    const log: string[] = [];
    beforeHydration(() => {
      log.push('first');
      // A task queued by the first piece runs before the second: they do not share one task.
      setTimeout(() => log.push('other task'));
    });
    beforeHydration(() => log.push('second'));
    const done = runBeforeHydration().then(() => log.push('hydrate'));
    expect(log).toEqual([]);
    await done;
    expect(log).toEqual(['first', 'other task', 'second', 'hydrate']);
    // Each piece runs once.
    await runBeforeHydration();
    expect(log).toHaveLength(4);
  });
});
