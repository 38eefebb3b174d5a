import { createHash } from 'node:crypto';

/** EventBridge Scheduler: 1-64 characters of [0-9a-zA-Z-_.]. */
const SAFE_NAME = /^[0-9A-Za-z_.-]{1,64}$/;
const HASH_LENGTH = 16;

/**
 * The schedule's id in both adapters (EventBridge name, table key): the port's name itself when it
 * is already valid, else a readable prefix and a SHA-256 suffix of the full name. Deterministic, so
 * `cancel(name)` finds what `schedule*(name)` created; the id never contains '#' (key grammar).
 */
export function scheduleId(name: string): string {
  if (SAFE_NAME.test(name)) return name;
  const hash = createHash('sha256').update(name, 'utf8').digest('hex').slice(0, HASH_LENGTH);
  const readable = name.replace(/[^0-9A-Za-z_.-]+/g, '-').slice(0, 64 - HASH_LENGTH - 1);
  return readable ? `${readable}-${hash}` : hash;
}

/**
 * An occurrence as EventBridge's `<aws.scheduler.scheduled-time>` writes it (UTC, to the second,
 * e.g. '2026-03-29T07:00:00Z'). Both adapters deliver this form; any ISO form is accepted here.
 */
export function occurrenceOf(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a time: ${String(at)}`);
  return `${date.toISOString().slice(0, 19)}Z`;
}
