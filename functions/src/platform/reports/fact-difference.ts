import type { FactContent, RollupContribution } from './fact-content.ts';
import type { RollupKeyParts } from './report-rollup.entity.ts';

/** What one rollup row must add: counter deltas and, per duration (ms), the change of its count. Deltas may be negative. */
export interface RowDelta {
  row: RollupKeyParts;
  counters: Record<string, number>;
  durations: Record<number, number>;
}

const rowId = (row: RollupKeyParts) => JSON.stringify([row.kind, row.dimension, row.date, row.value, row.item ?? null]);

/** Adds `sign` × each row of a contribution into `into` (a row listed twice counts twice). */
function addInto(into: Map<string, RowDelta>, contribution: readonly RollupContribution[], sign: 1 | -1): void {
  for (const { kind, dimension, date, value, item, counters, durations } of contribution) {
    const row = { kind, dimension, date, value, ...(item ? { item } : {}) };
    const id = rowId(row);
    let delta = into.get(id);
    if (!delta) into.set(id, (delta = { row, counters: {}, durations: {} }));
    for (const [name, count] of Object.entries(counters)) delta.counters[name] = (delta.counters[name] ?? 0) + sign * count;
    for (const ms of durations) delta.durations[ms] = (delta.durations[ms] ?? 0) + sign;
  }
}

const withoutZeros = <K extends string | number>(map: Record<K, number>) => Object.fromEntries(Object.entries(map).filter(([, n]) => n !== 0)) as Record<K, number>;

/**
 * New minus old, per rollup row: counters new − old, durations +1 per new value and −1 per old one.
 * Rows whose difference is nothing are left out, so a refresh that changes nothing writes no row.
 */
export function rollupDifference(old: readonly RollupContribution[], next: readonly RollupContribution[]): RowDelta[] {
  const deltas = new Map<string, RowDelta>();
  addInto(deltas, next, 1);
  addInto(deltas, old, -1);
  return [...deltas.values()]
    .map((delta) => ({ row: delta.row, counters: withoutZeros(delta.counters), durations: withoutZeros(delta.durations) }))
    .filter((delta) => Object.keys(delta.counters).length || Object.keys(delta.durations).length);
}

/** JSON equality, whatever the order of a map's keys (DynamoDB keeps none); an undefined member is absent, as stored. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameJson(item, (b as unknown[])[i]));
  const defined = (o: object) => Object.entries(o).filter(([, v]) => v !== undefined);
  const left = defined(a);
  const right = new Map(defined(b));
  return left.length === right.size && left.every(([k, v]) => right.has(k) && sameJson(v, right.get(k)));
}

/** Whether the stored fact already says what the item says: the same key, day, columns and effect on the rollups. */
export function sameFact(stored: FactContent, next: FactContent): boolean {
  return (
    stored.instant === next.instant &&
    stored.localDate === next.localDate &&
    stored.localHour === next.localHour &&
    sameJson(stored.columns, next.columns) &&
    rollupDifference(stored.contribution, next.contribution).length === 0
  );
}
