import { Entity } from 'electrodb';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * A rollup row (docs/data-model.md §3.12, decision 0087): per organisation, kind, dimension, local
 * day and value, the counters and exact durations of that day. The entity declares the keys only:
 * counters and `m{ms}` are top-level numbers whose names come with the data, which ElectroDB cannot
 * declare, so rows are written with raw `ADD` (rollup-updates.ts) and read raw (read-rollups.ts).
 */
export const ReportRollupEntity = lazy(() => new Entity(
  {
    model: { entity: 'reportRollup', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      /** `ACTION`, `TASK`, `FIRING`. */
      kind: { type: 'string', required: true, readOnly: true },
      /** `ALL`, `TEMPLATE`, `GROUP`, `HOUR`, ...: one partition per dimension, read by one Query over days (AP95). */
      dimension: { type: 'string', required: true, readOnly: true },
      /** The organisation's date (YYYY-MM-DD) first, so a range of days is one `between`; `{date}!{item}` for an item's own row (`rollupDayKeyOf`). */
      localDate: { type: 'string', required: true, readOnly: true },
      /** A template, trigger, group, hour (`-` for `ALL`); last, as it may hold `#`. */
      value: { type: 'string', required: true, readOnly: true },
      /** The day + 402 days in epoch seconds (TTL): 400 days after any instant of that local day in any zone. */
      expiresAt: { type: 'number', required: true, field: TABLE_DEFINITION.timeToLiveAttribute },
    },
    indexes: {
      byDay: {
        pk: orgKey('pk', 'ROLLUP', attr('kind'), attr('dimension')),
        sk: key('sk', attr('localDate'), attr('value')),
      },
    },
  },
  entityConfig(),
));

export interface RollupKeyParts {
  kind: string;
  dimension: string;
  /** The organisation's date, YYYY-MM-DD. */
  date: string;
  value: string;
  /**
   * The item whose row of the day this is, for a kind whose items bring a duration per recipient
   * (a notification's reads): one row of the day for all of them would pass DynamoDB's 400 KB at
   * about 36,000 reads (Open 18). Its key is `{date}!{item}#{value}`: `!` sorts before `#`, so the
   * day's range reads it, and the readers add it to the day's value as any row.
   */
  item?: string;
}

/** The day's part of the sort key: the date, and the item after `!` when the row is the item's own. */
export const rollupDayKeyOf = ({ date, item }: Pick<RollupKeyParts, 'date' | 'item'>) => (item ? `${date}!${item}` : date);

/** A rollup row's stored key, composed by the entity (so key-convention.test.ts pins it). */
export function rollupKeyOf(orgId: string, row: RollupKeyParts): { pk: string; sk: string } {
  return ReportRollupEntity.get({ orgId, kind: row.kind, dimension: row.dimension, localDate: rollupDayKeyOf(row), value: row.value }).params().Key as { pk: string; sk: string };
}
