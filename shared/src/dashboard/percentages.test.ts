import { describe, expect, it } from 'vitest';
import { percentageRecord, percentagesOf } from './percentages.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('largest-remainder percentages', () => {
  it('gives 1/3, 1/3, 1/3 as 34, 33, 33 (the first of equal remainders gets the point), never 99 or 101', () => {
    expect(percentagesOf([1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('answers all 0 for 0 of 0', () => {
    expect(percentagesOf([0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
    expect(percentagesOf([])).toEqual([]);
  });

  it('gives the missing points to the largest remainders, not by order', () => {
    // 2/7 = 28.57, 2/7 = 28.57, 3/7 = 42.86: floors 28 + 28 + 42 = 98; remainders .57, .57, .86
    expect(percentagesOf([2, 2, 3])).toEqual([29, 28, 43]);
    // 1/6 = 16.67, 5/6 = 83.33: the first has the larger remainder
    expect(percentagesOf([1, 5])).toEqual([17, 83]);
  });

  it('keeps exact shares exact and one count at 100', () => {
    expect(percentagesOf([1, 1, 2, 0])).toEqual([25, 25, 50, 0]);
    expect(percentagesOf([0, 7, 0])).toEqual([0, 100, 0]);
  });

  it('treats negative or non-finite counts as 0', () => {
    expect(percentagesOf([-3, 1, Number.NaN])).toEqual([0, 100, 0]);
  });

  it('breaks equal remainders by order, exactly (1/6 and 4/6 have the same remainder)', () => {
    expect(percentagesOf([1, 0, 4, 1])).toEqual([17, 0, 67, 16]);
  });

  it('sums to exactly 100 for every split of 1..20 into four counts', () => {
    for (let total = 1; total <= 20; total += 1)
      for (let a = 0; a <= total; a += 1)
        for (let b = 0; a + b <= total; b += 1)
          for (let c = 0; a + b + c <= total; c += 1) {
            const shares = percentagesOf([a, b, c, total - a - b - c]);
            expect(sum(shares)).toBe(100);
            expect(shares.every((p) => Number.isInteger(p) && p >= 0 && p <= 100)).toBe(true);
          }
  });

  it('keys a record by the given keys', () => {
    expect(percentageRecord(['accepted', 'declined'] as const, { accepted: 2, declined: 1 })).toEqual({ accepted: 67, declined: 33 });
  });
});
