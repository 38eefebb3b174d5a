import type { RollupTotal } from '../../functions/src/platform/reports/read-rollups.ts';

/** Merged rollup rows as plain `{key: counters + durations}`, for exact comparison in the modules' report-facts tests. */
export const byKey = (totals: readonly RollupTotal[]) => Object.fromEntries(totals.map((total) => [total.key, { ...total.counters, durations: total.durations }]));
