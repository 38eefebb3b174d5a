import { describe, expect, it } from 'vitest';
import type { RollupContribution } from './fact-content.ts';
import { packContribution, unpackContribution } from './packed-contribution.ts';

const row = (dimension: string, value: string, counters: Record<string, number>, durations: number[]): RollupContribution => ({ kind: 'NOTIF', dimension, date: '2026-03-02', value, counters, durations });

describe("a fact's stored contribution (decision 0087)", () => {
  it('stores a row that counts as an earlier one as that row, and reads it back in full', () => {
    const rows = [row('ALL', '-', { n: 1, read: 2 }, [5, 7]), row('TEMPLATE', 't1', { n: 1, read: 2 }, [5, 7]), row('CHECK', 'x', { n: 1 }, []), row('GROUP', 'g', { read: 2, n: 1 }, [5, 7]), row('GROUP', 'h', { n: 1 }, [])];
    const packed = packContribution(rows);
    expect(packed).toEqual([
      { kind: 'NOTIF', dimension: 'ALL', date: '2026-03-02', value: '-', counters: { n: 1, read: 2 }, durations: [5, 7] },
      { kind: 'NOTIF', dimension: 'TEMPLATE', date: '2026-03-02', value: 't1', sameAs: 0 },
      { kind: 'NOTIF', dimension: 'CHECK', date: '2026-03-02', value: 'x', counters: { n: 1 }, durations: [] },
      { kind: 'NOTIF', dimension: 'GROUP', date: '2026-03-02', value: 'g', sameAs: 0 },
      { kind: 'NOTIF', dimension: 'GROUP', date: '2026-03-02', value: 'h', sameAs: 2 },
    ]);
    expect(unpackContribution(packed)).toEqual(rows);
  });

  it('keeps rows whose durations differ in order or count in full, and reads rows stored in full as they are', () => {
    const rows = [row('ALL', '-', { n: 1 }, [5, 7]), row('TEMPLATE', 't1', { n: 1 }, [7, 5]), row('GROUP', 'g', { n: 1 }, [5, 7, 7])];
    expect(packContribution(rows).every((stored) => stored.sameAs === undefined)).toBe(true);
    expect(unpackContribution(rows)).toEqual(rows);
  });

  it('refuses a row that names none in full', () => {
    expect(() => unpackContribution([{ kind: 'NOTIF', dimension: 'ALL', date: '2026-03-02', value: '-', sameAs: 1 }])).toThrow(/names no row in full/);
  });
});
