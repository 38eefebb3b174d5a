import { describe, expect, it, vi } from 'vitest';

/** Each refresh waits until the test settles it. */
const refreshes = vi.hoisted(() => ({ pending: [] as Array<() => void> }));
vi.mock('../platform/reports/fact-refresher.ts', () => ({
  factRefresher: () => ({ now: vi.fn(), registerJob: vi.fn(), refresh: () => new Promise<void>((resolve) => refreshes.pending.push(resolve)) }),
}));

const { refreshAfterBatches } = await import('./report-refresh.ts');
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the report refresh after delivery batches (decision 0087)', () => {
  it('runs one refresh at a time: batches recorded meanwhile share one more, after it', async () => {
    const recorded = refreshAfterBatches('o1', 'n1');
    const done: string[] = [];
    const first = recorded().then(() => done.push('first'));
    const second = recorded().then(() => done.push('second'));
    const third = recorded().then(() => done.push('third'));
    await tick();
    expect(refreshes.pending).toHaveLength(1);

    refreshes.pending.shift()!();
    await first;
    await tick();
    // The second run starts once the first is over, for both batches that waited.
    expect(done).toEqual(['first']);
    expect(refreshes.pending).toHaveLength(1);
    refreshes.pending.shift()!();
    await Promise.all([second, third]);
    expect(done).toEqual(['first', 'second', 'third']);

    // Idle again: the next batch runs its own.
    const fourth = recorded();
    await tick();
    expect(refreshes.pending).toHaveLength(1);
    refreshes.pending.shift()!();
    await fourth;
    expect(refreshes.pending).toHaveLength(0);
  });
});
