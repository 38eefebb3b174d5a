import { describe, expect, it } from 'vitest';
import { firstVisibleOption, steppedScrollTop } from './scroll-step.ts';

describe('the 240 px scroll step (spec 000 §9)', () => {
  it('moves a list by 240 px, never past its ends', () => {
    expect(steppedScrollTop(0, 1, 1000, 256)).toBe(240);
    expect(steppedScrollTop(240, 1, 1000, 256)).toBe(480);
    expect(steppedScrollTop(600, 1, 1000, 256)).toBe(744);
    expect(steppedScrollTop(100, -1, 1000, 256)).toBe(0);
    expect(steppedScrollTop(480, -1, 1000, 256)).toBe(240);
    expect(steppedScrollTop(0, 1, 200, 256)).toBe(0);
  });

  it('makes the first option visible after the step active, or the last at the end', () => {
    const tops = [0, 40, 80, 120, 160, 200, 240, 280];
    expect(firstVisibleOption(tops, 0)).toBe(0);
    expect(firstVisibleOption(tops, 240)).toBe(6);
    expect(firstVisibleOption(tops, 250)).toBe(7);
    expect(firstVisibleOption(tops, 400)).toBe(7);
    expect(firstVisibleOption([], 240)).toBe(-1);
  });
});
