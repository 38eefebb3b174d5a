import { describe, expect, it } from 'vitest';
import type { RollupContribution } from './fact-content.ts';
import { rollupDifference, sameJson } from './fact-difference.ts';

const row = (value: string, counters: Record<string, number>, durations: number[] = []): RollupContribution => ({ kind: 'TASK', dimension: 'TEMPLATE', date: '2026-03-02', value, counters, durations });

describe('a fact\'s difference to the rollups (decision 0087)', () => {
  it('is the new contribution against nothing, a row listed twice counted twice', () => {
    expect(rollupDifference([], [row('a', { n: 1 }, [5]), row('a', { n: 1 }, [5])])).toEqual([{ row: { kind: 'TASK', dimension: 'TEMPLATE', date: '2026-03-02', value: 'a' }, counters: { n: 2 }, durations: { 5: 2 } }]);
  });

  it('is new minus old per row: negative deltas, a duration replaced, unchanged rows left out', () => {
    const old = [row('a', { n: 1, late: 1 }, [300_000]), row('b', { n: 1 })];
    const next = [row('a', { n: 1, ontime: 1 }), row('b', { n: 1 }), row('c', { n: 1 }, [7])];
    expect(rollupDifference(old, next).map(({ row: { value }, counters, durations }) => ({ value, counters, durations }))).toEqual([
      { value: 'a', counters: { late: -1, ontime: 1 }, durations: { 300_000: -1 } },
      { value: 'c', counters: { n: 1 }, durations: { 7: 1 } },
    ]);
    expect(rollupDifference(old, [...old].reverse())).toEqual([]);
    expect(rollupDifference([row('a', { n: 1, x: 0 })], [row('a', { n: 1 })])).toEqual([]);
  });

  it("keeps an item's own row apart from the day's shared row of the same value: a fact moved to its own rows takes itself off the shared one", () => {
    const shared = row('a', { n: 1 }, [5]);
    const own = { ...shared, item: 'n1' };
    expect(rollupDifference([shared], [own])).toEqual([
      { row: { kind: 'TASK', dimension: 'TEMPLATE', date: '2026-03-02', value: 'a', item: 'n1' }, counters: { n: 1 }, durations: { 5: 1 } },
      { row: { kind: 'TASK', dimension: 'TEMPLATE', date: '2026-03-02', value: 'a' }, counters: { n: -1 }, durations: { 5: -1 } },
    ]);
    expect(rollupDifference([own], [{ ...own }])).toEqual([]);
  });

  it('compares JSON whatever the order of a map\'s keys, an undefined member as absent', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: null }, { a: 0 })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });
});
