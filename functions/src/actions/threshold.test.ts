import { describe, expect, it } from 'vitest';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { afterDecline, isFulfilled, isImpossible, neededCount, type Counts } from './threshold.ts';

const any = { type: RESPONSE_THRESHOLD_TYPES.Any, number: null };
const all = { type: RESPONSE_THRESHOLD_TYPES.All, number: null };
const three = { type: RESPONSE_THRESHOLD_TYPES.Number, number: 3 };
const counts = (recipientCount: number, acceptedCount: number, declinedCount: number, needed: number): Counts => ({
  recipientCount,
  acceptedCount,
  declinedCount,
  neededCount: needed,
});

describe('action threshold', () => {
  it('needs 1 for Any, N for Number and everyone asked so far for All', () => {
    expect(neededCount(any, 7)).toBe(1);
    expect(neededCount(three, 7)).toBe(3);
    expect(neededCount(three, 2)).toBe(3);
    expect(neededCount(all, 7)).toBe(7);
    expect(neededCount(all, 0)).toBe(0);
  });

  it('is fulfilled by enough accepts, never by nobody', () => {
    expect(isFulfilled({ acceptedCount: 1, neededCount: 1 })).toBe(true);
    expect(isFulfilled({ acceptedCount: 2, neededCount: 3 })).toBe(false);
    expect(isFulfilled({ acceptedCount: 0, neededCount: 0 })).toBe(false);
  });

  it('is impossible when too few of those asked are left to accept', () => {
    expect(isImpossible(counts(5, 0, 2, 3))).toBe(false);
    expect(isImpossible(counts(5, 1, 3, 3))).toBe(true);
    expect(isImpossible(counts(2, 0, 0, 3))).toBe(true);
    expect(isImpossible(counts(3, 0, 3, 1))).toBe(true);
    expect(isImpossible(counts(3, 0, 2, 1))).toBe(false);
    expect(isImpossible(counts(4, 3, 1, 3))).toBe(false);
  });

  it('does nothing after a decline while the threshold can still be met', () => {
    expect(afterDecline(three, counts(5, 1, 2, 3), true)).toBe('nothing');
    expect(afterDecline(any, counts(2, 0, 1, 1), false)).toBe('nothing');
  });

  it('escalates at once when declines make Any or Number impossible and a next group exists, else rejects', () => {
    expect(afterDecline(three, counts(4, 1, 2, 3), true)).toBe('escalate');
    expect(afterDecline(three, counts(4, 1, 2, 3), false)).toBe('reject');
    expect(afterDecline(any, counts(2, 0, 2, 1), true)).toBe('escalate');
    expect(afterDecline(any, counts(2, 0, 2, 1), false)).toBe('reject');
  });

  it('rejects All at the first decline, even with groups left', () => {
    expect(afterDecline(all, counts(4, 2, 1, 4), true)).toBe('reject');
    expect(afterDecline(all, counts(4, 0, 1, 4), false)).toBe('reject');
  });
});
