import { FACT_KINDS } from '@portal/shared/reports/report-definitions';
import { localTimeOf, type FactContent } from '../platform/reports/fact-content.ts';
import type { FiringRow } from './firings.repository.ts';
import { firstAnswerOf, type Accepts } from './first-answer.ts';

/** The reports kit's kind of a firing's fact (decision 0087, docs/data-model.md §3.12). */
export const FIRING_FACT = FACT_KINDS.firing;

/** What the mapping reads of the row: the report's figures and the CSV's columns, nothing else. */
export type FiringFactSource = Pick<FiringRow, 'triggerId' | 'at' | 'firingId' | 'source' | 'outcome' | 'created'>;

/** Where a firing's row is: its key's parts. */
export type FiringKey = Pick<FiringRow, 'triggerId' | 'at' | 'firingId'>;

/**
 * The fact's item id: the firing row's key after `FIRING#` (`{triggerId}#{at}#{firingId}`), so a
 * refresh reads the row with one GetItem from the id alone, as the kit's job and the accept's
 * signal hand it. Ids hold no `#` (shared/src/validation/id-rule.ts) and an instant none.
 */
export const firingFactId = ({ triggerId, at, firingId }: FiringKey): string => `${triggerId}#${at}#${firingId}`;

/** The firing's key back from its fact's item id; null for an id `firingFactId` did not make. */
export function firingKeyOf(itemId: string): FiringKey | null {
  const [triggerId, at, firingId, ...rest] = itemId.split('#');
  return triggerId && at && firingId && !rest.length ? { triggerId, at, firingId } : null;
}

/**
 * A firing's contribution to the automation report (decision 0087), by the organisation's day of
 * the firing: one of `fired`, `thr` (throttled) and `fail` (its jobs could not be queued) by its
 * outcome; `resp` and the time from the firing to the first accept of an action it made (ms,
 * exact, as the trigger page's response time: `first-answer.ts`), for a fired one only, as that page
 * counts. Rows: `ALL` and its `TRIGGER`. Counters at 0 are left out.
 */
export function firingFactOf(row: FiringFactSource, accepts: Accepts, timeZone: string): FactContent {
  const instant = new Date(row.at).toISOString();
  const { localDate, localHour } = localTimeOf(instant, timeZone);
  const answer = row.outcome === 'fired' ? firstAnswerOf(row, accepts) : null;
  const flags: Record<string, boolean> = { fired: row.outcome === 'fired', thr: row.outcome === 'throttled', fail: row.outcome === 'failed', resp: answer !== null };
  const counters = Object.fromEntries(Object.entries(flags).filter(([, on]) => on).map(([name]) => [name, 1]));
  const durations = answer ? [answer.afterMs] : [];
  return {
    instant,
    localDate,
    localHour,
    contribution: [
      { kind: FIRING_FACT, dimension: 'ALL', date: localDate, value: '-', counters, durations },
      { kind: FIRING_FACT, dimension: 'TRIGGER', date: localDate, value: row.triggerId, counters, durations },
    ],
    columns: {
      trigger_id: row.triggerId,
      source: row.source,
      outcome: row.outcome,
      at: instant,
      created_items: row.created.length,
      response_ms: answer ? answer.afterMs : null,
    },
  };
}
