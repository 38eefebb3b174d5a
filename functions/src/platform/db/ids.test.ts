import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('ids', () => {
  it('makes 26-character ULIDs that sort by creation time', () => {
    const earlier = newId(Date.parse('2025-03-03T08:00:00.000Z'));
    const later = newId(Date.parse('2025-03-03T08:00:00.001Z'));
    expect(earlier).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(earlier < later).toBe(true);
    expect(newId().slice(0, 10)).not.toBe(earlier.slice(0, 10));
  });

  it('is random after the time part', () => {
    const now = Date.now();
    expect(new Set(Array.from({ length: 100 }, () => newId(now))).size).toBe(100);
  });
});
