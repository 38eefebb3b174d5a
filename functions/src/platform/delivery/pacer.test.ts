import { describe, expect, it } from 'vitest';
import { createPacer } from './pacer.ts';

describe('publish pacer', () => {
  it('lets at most a tenth of the rate start per 100 ms window', async () => {
    let now = 0;
    const sleeps: number[] = [];
    const take = createPacer(1_000, {
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
    });
    const startedAt: number[] = [];
    for (let i = 0; i < 250; i++) {
      await take();
      startedAt.push(now);
    }
    expect(sleeps).toEqual([100, 100]);
    expect(startedAt.filter((t) => t === 0)).toHaveLength(100);
    expect(startedAt.filter((t) => t === 100)).toHaveLength(100);
    expect(startedAt.filter((t) => t === 200)).toHaveLength(50);
  });
});
