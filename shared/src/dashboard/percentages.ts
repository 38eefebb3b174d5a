/**
 * Percentages by largest remainder (Hamilton): each share is floored, then the points missing to
 * 100 go to the largest remainders, ties to the earlier entry. The manager must never see 101 %
 * (issue 17): the result sums to exactly 100, or is all 0 when the total is 0. Counts are whole
 * (a fraction is dropped), so shares and remainders are integer arithmetic: equal remainders are
 * equal, never told apart by floating-point noise.
 */
export function percentagesOf(counts: readonly number[]): number[] {
  const whole = counts.map((c) => (Number.isFinite(c) && c > 0 ? Math.floor(c) : 0));
  const total = whole.reduce((sum, c) => sum + c, 0);
  if (total === 0) return whole.map(() => 0);
  const shares = whole.map((c, index) => ({ index, floor: Math.floor((c * 100) / total), remainder: (c * 100) % total }));
  let missing = 100 - shares.reduce((sum, s) => sum + s.floor, 0);
  const result = shares.map((s) => s.floor);
  for (const { index } of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (missing <= 0) break;
    result[index]! += 1;
    missing -= 1;
  }
  return result;
}

/** percentagesOf for a record of counts, keyed as given (the order of `keys` breaks ties). */
export function percentageRecord<K extends string>(keys: readonly K[], counts: Readonly<Record<K, number>>): Record<K, number> {
  const shares = percentagesOf(keys.map((key) => counts[key]));
  return Object.fromEntries(keys.map((key, i) => [key, shares[i]!])) as Record<K, number>;
}
