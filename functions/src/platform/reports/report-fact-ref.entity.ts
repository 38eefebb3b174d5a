import { Entity, type EntityItem } from 'electrodb';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * Where an item's fact is (docs/data-model.md §3.12): the fact's key starts with its instant, which
 * a refresh learns only from the item, and which moves (a task's due time). So a refresh first reads
 * this row by the item's id alone, then the fact it points at, then the item. Its revision is the
 * refresh's anchor: two refreshes that saw different instants cannot both write a fact.
 */
export const ReportFactRefEntity = lazy(() => new Entity(
  {
    model: { entity: 'reportFactRef', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      kind: { type: 'string', required: true, readOnly: true },
      itemId: { type: 'string', required: true, readOnly: true },
      /** The fact's instant: its key is `{instant}#{itemId}`. */
      instant: { type: 'string', required: true },
      /** The fact's revision, moved with it. */
      factRev: { type: 'number', required: true },
      /** The fact's expiry. */
      expiresAt: { type: 'number', required: true, field: TABLE_DEFINITION.timeToLiveAttribute },
    },
    indexes: {
      // In the facts' partition: `ITEM#` sorts after every instant (they start with a digit), so
      // AP96's ranges of instants never read these rows.
      byItem: {
        pk: orgKey('pk', 'RFACT', attr('kind')),
        sk: key('sk', 'ITEM', attr('itemId')),
      },
    },
  },
  entityConfig(),
));

export type ReportFactRefItem = EntityItem<typeof ReportFactRefEntity>;
