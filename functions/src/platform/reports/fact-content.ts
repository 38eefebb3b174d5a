import { zonedParts } from '@portal/shared/scheduling/recurrence';
import type { RollupKeyParts } from './report-rollup.entity.ts';

/** One rollup row a fact adds to: the row's key, its counters and its durations (ms, one per item counted). */
export interface RollupContribution extends RollupKeyParts {
  counters: Record<string, number>;
  durations: number[];
}

/** What a module's `read()` derives from its item (decision 0087). */
export interface FactContent {
  /** ISO-8601 UTC with milliseconds (`toISOString()`): the send or due time. */
  instant: string;
  /** The organisation's date and hour of `instant` (`localTimeOf`). */
  localDate: string;
  localHour: number;
  contribution: RollupContribution[];
  /** The CSV columns, any JSON. */
  columns: Record<string, unknown>;
}

/** Facts and rollups are kept 400 days (decision 0087). */
export const REPORT_RETENTION_DAYS = 400;
const DAY_S = 86_400;

const pad = (n: number) => String(n).padStart(2, '0');

/** The organisation's date (YYYY-MM-DD) and hour (0-23) of an instant, in the zone of that moment. */
export function localTimeOf(instant: string, timeZone: string): { localDate: string; localHour: number } {
  const local = zonedParts(new Date(instant), timeZone);
  return { localDate: `${local.year}-${pad(local.month)}-${pad(local.day)}`, localHour: local.hour };
}

/** A fact's TTL: its instant + 400 days, epoch seconds. */
export const factExpiryOf = (instant: string) => Math.floor(Date.parse(instant) / 1000) + REPORT_RETENTION_DAYS * DAY_S;

/**
 * A rollup row's TTL, from its date alone (so every fact of the day agrees): the day's start in UTC
 * + 402 days, which is 400 days after any instant of that local day in any zone (UTC−12 to UTC+14).
 */
export const rollupExpiryOf = (date: string) => Date.parse(`${date}T00:00:00.000Z`) / 1000 + (REPORT_RETENTION_DAYS + 2) * DAY_S;

/** Key parts: upper-case words, as the other literal key segments (no `#`, which would shift the key). */
const SEGMENT = /^[A-Z]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** An item's own row's id: no `#` (the key's separator before the value) nor `!` (the day's before the item). */
const ITEM = /^[^#!]{1,100}$/;
/** Counter names: short camelCase words; `m{digits}` are durations, and nothing may clash with a stored attribute. */
const COUNTER = /^(?!m\d)[a-z][a-zA-Z0-9]{0,15}$/;
const RESERVED = new Set(['pk', 'sk']);

const fail = (what: string): never => {
  throw new RangeError(`report fact: ${what}`);
};

export function checkSegment(name: string, value: string): void {
  if (!SEGMENT.test(value)) fail(`${name} ${JSON.stringify(value)} is not an upper-case word`);
}

/** Refuses content the rollups could not count exactly (a programming error in a module's mapping). */
export function checkContent(content: FactContent): void {
  if (Number.isNaN(Date.parse(content.instant)) || new Date(content.instant).toISOString() !== content.instant) fail(`instant ${content.instant} is not ISO-8601 UTC with milliseconds`);
  if (!DATE.test(content.localDate)) fail(`localDate ${content.localDate} is not YYYY-MM-DD`);
  if (!Number.isInteger(content.localHour) || content.localHour < 0 || content.localHour > 23) fail(`localHour ${content.localHour}`);
  for (const row of content.contribution) {
    checkSegment('kind', row.kind);
    checkSegment('dimension', row.dimension);
    if (!DATE.test(row.date)) fail(`row date ${row.date} is not YYYY-MM-DD`);
    if (!row.value) fail('a row without a value');
    if (row.item !== undefined && !ITEM.test(row.item)) fail(`row item ${JSON.stringify(row.item)} is empty, too long or holds # or !`);
    for (const [name, count] of Object.entries(row.counters)) {
      if (!COUNTER.test(name) || RESERVED.has(name)) fail(`counter name ${name}`);
      if (!Number.isSafeInteger(count)) fail(`counter ${name} = ${count} is not an integer`);
    }
    for (const ms of row.durations) if (!Number.isSafeInteger(ms) || ms < 0) fail(`duration ${ms} is not a whole number of ms ≥ 0`);
  }
}
