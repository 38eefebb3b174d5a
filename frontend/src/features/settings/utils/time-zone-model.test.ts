import { describe, expect, it } from 'vitest';
import { offsetOf, timeZoneOptions, timeZonePatch } from './time-zone-model.ts';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('the time zone picker', () => {
  it("words each zone's offset at the moment, summer time included", () => {
    expect(offsetOf('Europe/Berlin', WINTER)).toBe('UTC+01:00');
    expect(offsetOf('Europe/Berlin', SUMMER)).toBe('UTC+02:00');
    expect(offsetOf('America/New_York', WINTER)).toBe('UTC-05:00');
    expect(offsetOf('UTC', WINTER)).toBe('UTC+00:00');
  });

  it('offers the listed zones in order, with UTC and the stored zone added once', () => {
    const options = timeZoneOptions('Europe/Kyiv', WINTER, ['Europe/Berlin', 'America/New_York', 'Europe/Berlin']);
    expect(options.map((option) => option.value)).toEqual(['America/New_York', 'Europe/Berlin', 'Europe/Kyiv', 'UTC']);
    expect(options[1]).toEqual({ value: 'Europe/Berlin', label: 'Europe/Berlin (UTC+01:00)' });
    expect(options[3]).toEqual({ value: 'UTC', label: 'UTC (UTC+00:00)' });
  });

  it('still shows a stored zone the browser does not know, without an offset', () => {
    expect(timeZoneOptions('Mars/Olympus_Mons', WINTER, ['Europe/Berlin']).map((option) => option.label)).toEqual([
      'Europe/Berlin (UTC+01:00)',
      'Mars/Olympus_Mons',
      'UTC (UTC+00:00)',
    ]);
  });

  it("offers this browser's whole IANA list by default", () => {
    const values = timeZoneOptions('Europe/Berlin', WINTER).map((option) => option.value);
    expect(values.length).toBeGreaterThan(300);
    expect(values).toContain('Asia/Tokyo');
  });

  it('sends the one patch operation of spec 001 §7', () => {
    expect(timeZonePatch('Europe/Paris')).toEqual([{ op: 'add', path: '/time_zone', value: 'Europe/Paris' }]);
  });
});
