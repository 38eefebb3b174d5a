import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mergeDurations, type Durations } from '@portal/shared/reports/durations';
import { documentClient } from '../db/client.ts';
import { env } from '../config.ts';
import { checkSegment } from './fact-content.ts';
import { rollupKeyOf } from './report-rollup.entity.ts';

/** A rollup row as read: its day and value, and its non-zero counters and durations. */
export interface RollupRow {
  date: string;
  value: string;
  counters: Record<string, number>;
  durations: Durations;
}

/** Rows merged by a key (a value for a report's table, a date for a chart per day). */
export interface RollupTotal {
  key: string;
  counters: Record<string, number>;
  durations: Durations;
}

export interface RollupRange {
  orgId: string;
  kind: string;
  dimension: string;
  /** The organisation's dates, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

const DURATION = /^m(\d+)$/;
/** Stored attributes that are not counters (the keys are strings anyway; the TTL is a number). */
const NOT_COUNTED = new Set(['expires_at']);

/** A raw row's counters and `m{ms}` durations, zeros skipped (a count decremented to 0 stays stored). */
function rowOf(item: Record<string, unknown>): RollupRow {
  const sk = String(item.sk);
  // `{date}#{value}`, or `{date}!{item}#{value}` for an item's own row (rollupDayKeyOf): an item holds no `#`.
  const split = sk.indexOf('#');
  const row: RollupRow = { date: sk.slice(0, split).split('!')[0]!, value: sk.slice(split + 1), counters: {}, durations: {} };
  for (const name in item) {
    const count = item[name];
    if (typeof count !== 'number' || count === 0 || NOT_COUNTED.has(name)) continue;
    const ms = DURATION.exec(name)?.[1];
    if (ms !== undefined) row.durations[Number(ms)] = count;
    else row.counters[name] = count;
  }
  return row;
}

/**
 * AP95: a dimension's rows over a range of the organisation's days, ONE Query of its partition
 * (every page), `sk BETWEEN '{from}' AND '{to}$'`: `$` is the character after `#`, so every
 * `{to}#{value}` is in whatever the value holds (`{to}#~` would miss a value past `~`, e.g. `~a`
 * or any non-ASCII). Read raw, not through the entity: a 90-day report is thousands of rows with
 * hundreds of `m{ms}` attributes each, which ElectroDB cannot declare. Rows whose every count is 0
 * (an item moved away) are left out, as a row never written.
 */
export async function readRollups({ orgId, kind, dimension, from, to }: RollupRange): Promise<RollupRow[]> {
  checkSegment('kind', kind);
  checkSegment('dimension', dimension);
  const { pk } = rollupKeyOf(orgId, { kind, dimension, date: from, value: '-' });
  const rows: RollupRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(new QueryCommand({
      TableName: env.tableName,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': `${to}$` },
      ExclusiveStartKey: start,
    }));
    for (const item of page.Items ?? []) {
      const row = rowOf(item);
      if (Object.keys(row.counters).length || Object.keys(row.durations).length) rows.push(row);
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return rows;
}

/** Rows added together per key, in the order of the keys' first rows (the Query's: by date, then value). */
function mergeBy(rows: readonly RollupRow[], keyOf: (row: RollupRow) => string): RollupTotal[] {
  const totals = new Map<string, { counters: Record<string, number>; durations: Durations[] }>();
  for (const row of rows) {
    const key = keyOf(row);
    let total = totals.get(key);
    if (!total) totals.set(key, (total = { counters: {}, durations: [] }));
    for (const [name, count] of Object.entries(row.counters)) total.counters[name] = (total.counters[name] ?? 0) + count;
    total.durations.push(row.durations);
  }
  // One merge per key over all its rows, not a new map per row.
  return [...totals].map(([key, { counters, durations }]) => ({ key, counters, durations: mergeDurations(durations) }));
}

/** A report table's rows: the range's days merged per value (a template, a group, an hour...). */
export const mergeByValue = (rows: readonly RollupRow[]) => mergeBy(rows, (row) => row.value);

/** A chart's points: the values merged per day. */
export const mergeByDate = (rows: readonly RollupRow[]) => mergeBy(rows, (row) => row.date);
