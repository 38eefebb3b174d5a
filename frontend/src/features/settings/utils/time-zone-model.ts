import type { TimeZonePatch } from '@portal/shared/organizations/time-zone.schema';

export interface TimeZoneOption {
  value: string;
  /** The zone with its offset now, e.g. 'Europe/Berlin (UTC+01:00)'. */
  label: string;
}

/** The zone's offset at `now`, 'UTC+01:00' (browsers word it 'GMT+01:00', and UTC itself 'GMT' or 'GMT+00:00'). */
export function offsetOf(zone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(now);
  const offset = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  return offset === 'GMT' ? 'UTC+00:00' : offset.replace(/^GMT/, 'UTC');
}

/**
 * The IANA zones the browser knows (`Intl.supportedValuesOf`), plus UTC, which browsers leave out
 * of that list, and the organisation's stored zone if the browser lists it under another name.
 */
export function timeZoneOptions(current: string, now: Date, supported: readonly string[] = Intl.supportedValuesOf('timeZone')): TimeZoneOption[] {
  const zones = [...new Set([...supported, 'UTC', current])].filter(Boolean).sort((a, b) => a.localeCompare(b));
  return zones.map((value) => {
    let offset = '';
    try {
      offset = offsetOf(value, now);
    } catch {
      // A stored zone this browser does not know is still shown, without its offset.
    }
    return { value, label: offset ? `${value} (${offset})` : value };
  });
}

/** Spec 001 §7: the update is patch-style, one operation. */
export const timeZonePatch = (value: string): TimeZonePatch => [{ op: 'add', path: '/time_zone', value }];
