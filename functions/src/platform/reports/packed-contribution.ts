import type { RollupContribution } from './fact-content.ts';
import type { RollupKeyParts } from './report-rollup.entity.ts';

/**
 * A contribution's row as the fact stores it: in full, or `sameAs` the index of an earlier row in
 * full whose counters and durations it has too. A fact's rows mostly count the same (an action's
 * or a notification's every row), and a notification's durations are one per read: 10,000 reads in
 * full on each of its rows (ALL, TEMPLATE, a few groups) would pass DynamoDB's 400 KB item, once
 * they are about 70 KB.
 */
export interface StoredContributionRow {
  kind: string;
  dimension: string;
  date: string;
  value: string;
  item?: string;
  counters?: Record<string, number>;
  durations?: number[];
  sameAs?: number;
}

const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, i) => value === b[i]);
const sameCounters = (a: Record<string, number>, b: Record<string, number>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};
const keyOf = ({ kind, dimension, date, value, item }: RollupKeyParts) => ({ kind, dimension, date, value, ...(item ? { item } : {}) });

/** The rows to store: each one that counts exactly as an earlier one does names that one instead. */
export function packContribution(rows: readonly RollupContribution[]): StoredContributionRow[] {
  const full: number[] = [];
  return rows.map((row, index) => {
    const same = full.find((i) => sameCounters(rows[i]!.counters, row.counters) && sameList(rows[i]!.durations, row.durations));
    if (same !== undefined) return { ...keyOf(row), sameAs: same };
    full.push(index);
    return { ...keyOf(row), counters: row.counters, durations: row.durations };
  });
}

/** The stored rows in full again (a fact stored before rows were packed is in full already). */
export function unpackContribution(rows: readonly StoredContributionRow[]): RollupContribution[] {
  return rows.map((row) => {
    const source = row.sameAs === undefined ? row : rows[row.sameAs];
    if (!source?.counters || !source.durations) throw new Error(`A report fact's row ${row.dimension}/${row.value} names no row in full`);
    return { ...keyOf(row), counters: source.counters, durations: source.durations };
  });
}
