import { describe, expect, it } from 'vitest';
import { durationCount, durationFigures, durationsOf, medianOf, mergeDurations, percentileOf, rateOf } from './durations.ts';

describe('exact durations (decision 0087)', () => {
  it('counts a list as a multiset and merges by adding counts, skipping zeros', () => {
    expect(durationsOf([20_000, 10_000, 20_000])).toEqual({ 10_000: 1, 20_000: 2 });
    const a = { 10_000: 1, 20_000: 2 };
    expect(mergeDurations([a, { 20_000: 1, 60_000: 1, 5: 0 }, {}])).toEqual({ 10_000: 1, 20_000: 3, 60_000: 1 });
    expect(a).toEqual({ 10_000: 1, 20_000: 2 });
    expect(durationCount({ 1: 2, 7: 3, 9: 0, 11: -1 })).toBe(5);
    expect(durationCount({})).toBe(0);
  });

  it('takes the middle value of an odd count', () => {
    expect(medianOf({})).toBeNull();
    expect(medianOf({ 30_000: 1 })).toBe(30_000);
    expect(medianOf(durationsOf([9_000, 1_000, 4_000]))).toBe(4_000);
    // The middle of 5 falls inside a value counted three times.
    expect(medianOf({ 1: 1, 5: 3, 100: 1 })).toBe(5);
  });

  it('takes the mean of the two middle values of an even count, rounded to the millisecond', () => {
    expect(medianOf(durationsOf([1_000, 4_001, 2_000, 10_000]))).toBe(3_001); // 3000.5 rounds up
    expect(medianOf(durationsOf([10_000, 20_000, 20_500, 60_000]))).toBe(20_250);
    expect(medianOf({ 1: 1, 2: 1 })).toBe(2); // 1.5 → 2 (Math.round)
    expect(medianOf({ 4: 2 })).toBe(4); // both middles the same value
    // Zero counts (a rollup decremented to 0) are not values.
    expect(medianOf({ 1: 1, 2: 0, 3: 1 })).toBe(2);
  });

  it('sorts numerically, not as text', () => {
    expect(medianOf({ 9: 1, 10: 1, 100: 1 })).toBe(10);
    expect(percentileOf({ 9: 1, 10: 1, 100_000_000_000: 1 }, 1)).toBe(100_000_000_000);
  });

  it('takes the nearest rank, the ⌈p·n⌉-th smallest', () => {
    const ten = durationsOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(percentileOf(ten, 0.9)).toBe(9);
    expect(percentileOf(ten, 0.91)).toBe(10);
    expect(percentileOf(ten, 0.7)).toBe(7); // 0.7 × 10 is 7.000000000000001 in floating point
    expect(percentileOf(ten, 0.5)).toBe(5);
    expect(percentileOf(ten, 0)).toBe(1);
    expect(percentileOf(ten, 1)).toBe(10);
    expect(percentileOf(durationsOf([10_000, 20_000, 20_500, 60_000]), 0.9)).toBe(60_000);
    expect(percentileOf({ 100: 3, 200: 1 }, 0.75)).toBe(100);
    expect(percentileOf({}, 0.9)).toBeNull();
    expect(() => percentileOf(ten, 90)).toThrow(RangeError);
  });

  it('answers a rate, or null over nothing', () => {
    expect(rateOf(4, 5)).toBe(0.8);
    expect(rateOf(0, 3)).toBe(0);
    expect(rateOf(0, 0)).toBeNull();
  });

  it('is exact on 100,000 distinct values (a 90-day range of one busy organisation)', () => {
    const map: Record<number, number> = {};
    const all: number[] = [];
    for (let i = 0; i < 100_000; i++) {
      map[i * 37 + 1_000] = 1 + (i % 3);
      for (let c = 0; c <= i % 3; c++) all.push(i * 37 + 1_000);
    }
    all.push(1_000);
    all.sort((a, b) => a - b);
    const merged = mergeDurations([map, { 1_000: 1 }]);
    expect(durationCount(merged)).toBe(all.length);
    expect(medianOf(merged)).toBe(Math.round((all[all.length / 2 - 1]! + all[all.length / 2]!) / 2));
    expect(percentileOf(merged, 0.9)).toBe(all[Math.ceil(0.9 * all.length) - 1]);
  });
  it('gives the count, median and percentile of one sort as the functions one by one do', () => {
    const map = mergeDurations([durationsOf([7, 3, 3, 100, 12, 5]), { 40: 2, 9: 0, 8: -1 }]);
    expect(durationFigures(map, 0.9)).toEqual({ count: durationCount(map), median: medianOf(map), percentile: percentileOf(map, 0.9) });
    expect(durationFigures(map, 0.9)).toEqual({ count: 8, median: 10, percentile: 100 });
    expect(durationFigures({}, 0.9)).toEqual({ count: 0, median: null, percentile: null });
    expect(() => durationFigures(map, 1.5)).toThrow(RangeError);
  });
});
