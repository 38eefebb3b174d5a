import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { env } from '../config.ts';
import { rollupExpiryOf } from './fact-content.ts';
import type { RowDelta } from './fact-difference.ts';
import { rollupKeyOf } from './report-rollup.entity.ts';

/**
 * Attributes one row's update may add to: each is `#aN :aN` in the expression, and DynamoDB allows
 * 4 KB of expression. A refresh moves one item, so a row changes by a few counters and at most
 * two durations (the old and the new); anything near this is a mapping that should split its rows.
 */
export const MAX_ROW_ATTRIBUTES = 250;

/**
 * The raw `Update` of one rollup row inside the refresh's transaction (AP94): `ADD` of each counter's
 * and each `m{ms}` difference (dynamic names, which ElectroDB cannot declare), the TTL set once from
 * the row's date, and ElectroDB's entity markers so the row reads as a `reportRollup`. Never a plain
 * update outside a transaction that moves a fact: only then is a retry unable to count twice.
 */
export function rollupUpdateOf(orgId: string, { row, counters, durations }: RowDelta) {
  const names: Record<string, string> = { '#ttl': TABLE_DEFINITION.timeToLiveAttribute, '#edbE': '__edb_e__', '#edbV': '__edb_v__' };
  const values: Record<string, unknown> = { ':ttl': rollupExpiryOf(row.date), ':edbE': 'reportRollup', ':edbV': '1' };
  const adds = [...Object.entries(counters), ...Object.entries(durations).map(([ms, count]) => [`m${ms}`, count] as const)].map(([attribute, by], i) => {
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = by;
    return `#a${i} :a${i}`;
  });
  if (adds.length > MAX_ROW_ATTRIBUTES) throw new RangeError(`report rollup ${row.kind}/${row.dimension} ${row.date}#${row.value}: ${adds.length} attributes in one update (at most ${MAX_ROW_ATTRIBUTES})`);
  return {
    Update: {
      TableName: env.tableName,
      Key: rollupKeyOf(orgId, row),
      UpdateExpression: `ADD ${adds.join(', ')} SET #ttl = if_not_exists(#ttl, :ttl), #edbE = :edbE, #edbV = :edbV`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}
