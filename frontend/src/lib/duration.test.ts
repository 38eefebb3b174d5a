import { describe, expect, it } from 'vitest';
import { durationParts, durationWords } from './duration.ts';

describe('durationParts, a countdown (round up, seconds as a unit: the actions pages)', () => {
  const countdown = (ms: number) => durationParts(ms, { round: 'up' });
  it('keeps the largest two units', () => {
    expect(countdown(25_000)).toEqual([{ unit: 'seconds', value: 25 }]);
    expect(countdown(125_000)).toEqual([{ unit: 'minutes', value: 2 }, { unit: 'seconds', value: 5 }]);
    expect(countdown(90_061_000)).toEqual([{ unit: 'days', value: 1 }, { unit: 'hours', value: 1 }]);
    expect(countdown(3_600_000)).toEqual([{ unit: 'hours', value: 1 }]);
  });

  it('rounds up to the second and never goes below 0', () => {
    expect(countdown(400)).toEqual([{ unit: 'seconds', value: 1 }]);
    expect(countdown(-5)).toEqual([{ unit: 'seconds', value: 0 }]);
  });
});

describe('durationParts in days, hours and minutes (spec 000 §9: the dashboard)', () => {
  const told = (ms: number) => durationParts(ms, { smallest: 'minutes' });
  it('says seconds only under a minute, and floors', () => {
    expect(told(59_999)).toEqual([{ unit: 'seconds', value: 59 }]);
    expect(told(125_000)).toEqual([{ unit: 'minutes', value: 2 }]);
    expect(told((47 * 60 + 59) * 60_000)).toEqual([{ unit: 'days', value: 1 }, { unit: 'hours', value: 23 }]);
    expect(told(Number.NaN)).toEqual([{ unit: 'seconds', value: 0 }]);
  });
});

describe('durationWords', () => {
  it('says each part and joins them with spaces', () => {
    const say = ({ unit, value }: { unit: string; value: number }) => `${value} ${unit === 'minutes' ? 'min' : unit === 'seconds' ? 's' : unit}`;
    expect(durationWords(80_000, say)).toBe('1 min 20 s');
    expect(durationWords(60_000, say)).toBe('1 min');
  });
});
