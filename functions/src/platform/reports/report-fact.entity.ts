import { Entity, type EntityItem } from 'electrodb';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * An item's fact (docs/data-model.md §3.12, decision 0087): what the item adds to the rollups and
 * its CSV columns, as the last refresh saw it. `refresh-fact.ts` writes it, in one transaction with
 * the difference it makes to the rollup rows; nothing else does.
 */
export const ReportFactEntity = lazy(() => new Entity(
  {
    model: { entity: 'reportFact', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      /** `ACTION`, `TASK`, `NOTIF`, `TASKANSWER`: one partition per kind, so a report's CSV reads one kind. */
      kind: { type: 'string', required: true, readOnly: true },
      /**
       * ISO-8601 UTC with milliseconds: the item's send (actions, notifications) or due time (tasks).
       * First in the sort key, so the CSV of a range of days is one Query between two instants (AP96).
       */
      instant: { type: 'string', required: true, readOnly: true },
      /** Last in the sort key: it tells apart the items of one instant and may hold `#` (`{taskId}#{userId}`). */
      itemId: { type: 'string', required: true, readOnly: true },
      /** The revision a refresh read and conditions its write on (1 for the first). */
      factRev: { type: 'number', required: true },
      /** The organisation's date and hour of `instant` when it was refreshed: the rollup rows' day. */
      localDate: { type: 'string', required: true },
      localHour: { type: 'number', required: true },
      /**
       * The rollup rows this fact is counted in, so the next refresh can subtract exactly this. A
       * row that counts as an earlier one names it (`sameAs`, packed-contribution.ts) instead of
       * holding its counters and durations again.
       */
      contribution: {
        type: 'list',
        required: true,
        items: {
          type: 'map',
          properties: {
            kind: { type: 'string', required: true },
            dimension: { type: 'string', required: true },
            date: { type: 'string', required: true },
            value: { type: 'string', required: true },
            /** The item whose own row of the day it is (`RollupKeyParts.item`); absent for the day's shared row. */
            item: { type: 'string' },
            counters: { type: 'any' },
            /** Milliseconds, one entry per duration (a value may repeat). */
            durations: { type: 'list', items: { type: 'number' } },
            /** The index of the row in full whose counters and durations this one has. */
            sameAs: { type: 'number' },
          },
        },
      },
      /** The CSV columns, as the module shapes them (any JSON). */
      columns: { type: 'any', required: true },
      /** `instant` + 400 days in epoch seconds (TTL): reports reach back at most that far. */
      expiresAt: { type: 'number', required: true, field: TABLE_DEFINITION.timeToLiveAttribute },
    },
    indexes: {
      byInstant: {
        pk: orgKey('pk', 'RFACT', attr('kind')),
        sk: key('sk', attr('instant'), attr('itemId')),
      },
    },
  },
  entityConfig(),
));

export type ReportFactItem = EntityItem<typeof ReportFactEntity>;
