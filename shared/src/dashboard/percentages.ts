/**
 * Percentages by largest remainder (Hamilton): each share is floored, then the points missing to
 * 100 go to the largest remainders, ties to the earlier entry. The manager must never see 101 %
 * (issue 17): the result sums to exactly 100, or is all 0 when the total is 0.
 */
export function percentagesOf(counts: readonly number[]): number[] {
  const safe = counts.map((c) => (Number.isFinite(c) && c > 0 ? c : 0));
  const total = safe.reduce((sum, c) => sum + c, 0);
  if (total === 0) return safe.map(() => 0);
  const exact = safe.map((c) => (c * 100) / total);
  const result = exact.map(Math.floor);
  let missing = 100 - result.reduce((sum, p) => sum + p, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
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
