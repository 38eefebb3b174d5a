import { describe, expect, it } from 'vitest';
import type { ActionStatus } from '@portal/shared/actions/action.schema';
import { percentages, responseSummary } from './response-summary.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('percentages', () => {
  it('gives a third each as 34, 33, 33: the shares sum to 100', () => {
    expect(percentages([1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('is 0 for every share when nobody was asked (0 of 0)', () => {
    expect(percentages([0, 0, 0, 0])).toEqual([0, 0, 0, 0]);
  });

  it('keeps exact shares and gives the points left to the largest remainders', () => {
    expect(percentages([1, 3])).toEqual([25, 75]);
    expect(percentages([2, 0, 0, 1])).toEqual([67, 0, 0, 33]);
    // 1/7 = 14.29 each, 6/7 = 85.71: 14 + 86.
    expect(percentages([1, 6])).toEqual([14, 86]);
    expect(percentages([5, 0, 0, 0])).toEqual([100, 0, 0, 0]);
  });

  it('sums to 100 for any counts', () => {
    for (const counts of [[1, 1, 1, 1, 1, 1, 1], [7, 11, 13, 0], [1, 2, 3, 4], [333, 333, 334, 0], [1, 0, 0, 98]]) {
      const shares = percentages(counts);
      expect(sum(shares), String(counts)).toBe(100);
      shares.forEach((share, i) => expect(Math.abs(share - (counts[i]! * 100) / sum(counts)), String(counts)).toBeLessThan(1));
    }
  });
});

describe('responseSummary', () => {
  const row = (user_id: string, response: ActionStatus['responses'][number]['response']) => ({ user_id, group_number: 0, response, answered_at: null, last_seen_at: null, online: true });

  it('counts each response and gives its share', () => {
    const summary = responseSummary([row('a', 'accepted'), row('b', 'declined'), row('c', 'no-response')]);
    expect(summary).toEqual([
      { response: 'accepted', count: 1, percent: 34 },
      { response: 'declined', count: 1, percent: 33 },
      { response: 'no-response', count: 1, percent: 33 },
      { response: 'not-available', count: 0, percent: 0 },
    ]);
  });

  it('shows zeros for an action nobody was asked yet', () => {
    expect(responseSummary([]).map((share) => [share.count, share.percent])).toEqual([[0, 0], [0, 0], [0, 0], [0, 0]]);
  });
});
