/**
 * Exact durations of the reports (decision 0087): a multiset of whole milliseconds, kept as
 * `{ms: count}`. Every instant the portal stores has milliseconds, so every duration is an integer
 * and merging days is adding counts: the median and percentiles over a range are exact, where a
 * bucketed histogram would not be. Counts of 0 or less (a rollup decremented to 0) are skipped.
 */
export type Durations = Record<number, number>;

/** A list of durations (ms) as a multiset. */
export function durationsOf(values: readonly number[]): Durations {
  const map: Durations = {};
  for (const value of values) map[value] = (map[value] ?? 0) + 1;
  return map;
}

/** The multisets added together (a new map; the arguments stay as they are). An iterable, not spread arguments: a range may merge 100,000 rows. */
export function mergeDurations(maps: Iterable<Durations>): Durations {
  const merged: Durations = {};
  for (const map of maps) {
    for (const key in map) {
      const count = map[key]!;
      if (count) merged[key as unknown as number] = (merged[key as unknown as number] ?? 0) + count;
    }
  }
  return merged;
}

/** How many durations the multiset holds. */
export function durationCount(map: Durations): number {
  let count = 0;
  for (const key in map) if (map[key]! > 0) count += map[key]!;
  return count;
}

/** The values with a positive count, ascending, and their counts (a typed-array sort: ~100k keys in a few ms). */
function ascending(map: Durations): { values: Float64Array; counts: Float64Array; total: number } {
  const keys = Object.keys(map).filter((key) => map[key as unknown as number]! > 0);
  const values = Float64Array.from(keys, Number).sort();
  const counts = values.map((value) => map[value]!);
  let total = 0;
  for (const count of counts) total += count;
  return { values, counts, total };
}

/** The `rank`-th smallest value (1-based) of a sorted multiset; rank ≤ total. */
function atRank({ values, counts }: ReturnType<typeof ascending>, rank: number): number {
  let seen = 0;
  for (let i = 0; i < values.length; i++) {
    seen += counts[i]!;
    if (seen >= rank) return values[i]!;
  }
  throw new RangeError(`rank ${rank} beyond the multiset`);
}

/**
 * The middle value; for an even count the mean of the two middle values rounded to the
 * millisecond (Math.round), the trigger page's response time's rule (`responseTimeOf`). Null when empty.
 */
export function medianOf(map: Durations): number | null {
  return middleOf(ascending(map));
}

function middleOf(sorted: ReturnType<typeof ascending>): number | null {
  if (!sorted.total) return null;
  const upper = atRank(sorted, Math.floor(sorted.total / 2) + 1);
  return sorted.total % 2 ? upper : Math.round((atRank(sorted, sorted.total / 2) + upper) / 2);
}

/**
 * The nearest-rank percentile: the ⌈p·n⌉-th smallest value (at least the first), p in [0, 1]; null
 * when empty. p·n is rounded to the millionth first, so 0.7 × 10 is rank 7 and not 8
 * (7.000000000000001 in binary floating point).
 */
export function percentileOf(map: Durations, p: number): number | null {
  return nearestRankOf(ascending(checkedP(map, p)), p);
}

const checkedP = (map: Durations, p: number): Durations => {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`percentile ${p} is not in [0, 1]`);
  return map;
};

function nearestRankOf(sorted: ReturnType<typeof ascending>, p: number): number | null {
  if (!sorted.total) return null;
  return atRank(sorted, Math.max(1, Math.ceil(Math.round(p * sorted.total * 1e6) / 1e6)));
}

/**
 * How many, the median and the nearest-rank `p` percentile, from ONE sort: a report's figures ask
 * all three of every row and day, and the sort is most of their cost (tens of thousands of values).
 */
export function durationFigures(map: Durations, p: number): { count: number; median: number | null; percentile: number | null } {
  const sorted = ascending(checkedP(map, p));
  return { count: sorted.total, median: middleOf(sorted), percentile: nearestRankOf(sorted, p) };
}

/** A share (numerator / denominator); null when there is nothing to share (denominator 0). */
export function rateOf(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}
