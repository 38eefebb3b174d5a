/**
 * The reports benchmark's data (issue 32, decision 0087): the ACTION rollup rows that 100,000
 * actions sent over 90 days would leave, made directly (no action, no fact: the route reads only
 * the rollups). Plausible shape: about 1,100 sends a day, 20 templates (a few used most), one in
 * ten fired by one of 10 triggers, each action to one or two of 50 user groups or to people named
 * one by one (`user:*`), sent 06:00–21:59, 85 % accepted after 3 s to about 10 min (whole ms, so
 * nearly every duration is its own `m{ms}` attribute, the worst case for the rows' size), some
 * escalated, expired, rejected or withdrawn as the mapping counts them. Deterministic (a seeded
 * generator), so every run reads the same bytes.
 */
import { seededRandom } from '../../infra/local/seeded-random.ts';

export interface BenchRollupRow {
  dimension: string;
  date: string;
  value: string;
  counters: Record<string, number>;
  durations: Map<number, number>;
}

export interface BenchRollupShape {
  actions: number;
  dates: readonly string[];
  templateIds: readonly string[];
  triggerIds: readonly string[];
  groupIds: readonly string[];
}

/** The rows, keyed as the mapping keys them (actions/report-fact.ts): ALL, TEMPLATE, TRIGGER, GROUP, HOUR. */
export function benchActionRollups({ actions, dates, templateIds, triggerIds, groupIds }: BenchRollupShape): BenchRollupRow[] {
  const { next: random, pick } = seededRandom(32);
  /** Skewed towards the first entries: a few templates and groups are used most. */
  const skewed = <T>(list: readonly T[]) => list[Math.floor(random() ** 2 * list.length)]!;
  const rows = new Map<string, BenchRollupRow>();
  const add = (dimension: string, date: string, value: string, counters: Record<string, number>, duration: number | null) => {
    const id = `${dimension}#${date}#${value}`;
    let row = rows.get(id);
    if (!row) rows.set(id, (row = { dimension, date, value, counters: {}, durations: new Map() }));
    for (const [name, count] of Object.entries(counters)) row.counters[name] = (row.counters[name] ?? 0) + count;
    if (duration !== null) row.durations.set(duration, (row.durations.get(duration) ?? 0) + 1);
  };
  for (let i = 0; i < actions; i++) {
    const date = dates[Math.floor((i * dates.length) / actions)]!;
    const withdrawn = random() < 0.02;
    const accepted = !withdrawn && random() < 0.85;
    const counters: Record<string, number> = withdrawn
      ? { wd: 1 }
      : { n: 1, ...(accepted ? { acc: 1 } : {}), ...(random() < 0.1 ? { esc: 1 } : {}), ...(!accepted && random() < 0.5 ? { exp: 1 } : {}), ...(!accepted && random() < 0.2 ? { rej: 1 } : {}) };
    // 3 s to about 10 minutes, most within the first two, in whole milliseconds.
    const duration = accepted ? 3_000 + Math.floor(random() ** 2 * 600_000) : null;
    const hour = String(6 + Math.floor(random() * 16)).padStart(2, '0');
    const groups = random() < 0.2 ? ['user:*'] : [...new Set([`user_group:${skewed(groupIds)}`, ...(random() < 0.5 ? [`user_group:${pick(groupIds)}`] : [])])];
    add('ALL', date, '-', counters, duration);
    add('TEMPLATE', date, random() < 0.15 ? '-' : skewed(templateIds), counters, duration);
    if (random() < 0.1) add('TRIGGER', date, pick(triggerIds), counters, duration);
    for (const group of groups) add('GROUP', date, group, counters, duration);
    add('HOUR', date, hour, counters, duration);
  }
  return [...rows.values()];
}

/** A row as the table holds it: the key, counters and `m{ms}` as top-level numbers, the TTL and the entity markers (as rollup-updates.ts writes them). */
export function storedRollup(key: { pk: string; sk: string }, row: BenchRollupRow, ttlAttribute: string, expiresAt: number): Record<string, unknown> {
  const item: Record<string, unknown> = { ...key, ...row.counters, [ttlAttribute]: expiresAt, __edb_e__: 'reportRollup', __edb_v__: '1' };
  for (const [ms, count] of row.durations) item[`m${ms}`] = count;
  return item;
}
