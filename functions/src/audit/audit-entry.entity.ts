import { Entity, type EntityItem } from 'electrodb';
import { AUDIT_ACTIONS, AUDIT_KINDS } from '@portal/shared/audit/audit-kinds';
import { TABLE_DEFINITION } from '@portal/shared/db/table';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * One change of the organisation's audit trail (docs/data-model.md §3.11, issue 32): who changed
 * what, when, and the changed fields before and after (secrets only named). Under
 * `AUDIT#{at}#{entryId}` in the organisation's partition, so a range of days is one Query between
 * two instants, newest first when read descending; the ULID orders entries of the same instant.
 */
export const AuditEntryEntity = lazy(() => new Entity(
  {
    model: { entity: 'auditEntry', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      /** ISO-8601 UTC with milliseconds: when the change was stored. */
      at: { type: 'string', required: true, readOnly: true },
      entryId: { type: 'string', required: true, readOnly: true },
      actorId: { type: 'string', required: true, readOnly: true },
      actorName: { type: 'string', required: true, readOnly: true },
      kind: { type: AUDIT_KINDS, required: true, readOnly: true },
      action: { type: AUDIT_ACTIONS, required: true, readOnly: true },
      targetId: { type: 'string', required: true, readOnly: true },
      targetName: { type: 'string', required: true, readOnly: true },
      /** The changed fields; a null value is left out of its map (before or after absent reads as null). */
      changes: {
        type: 'list',
        required: true,
        readOnly: true,
        items: {
          type: 'map',
          properties: {
            field: { type: 'string', required: true },
            before: { type: 'string' },
            after: { type: 'string' },
            redacted: { type: 'boolean' },
          },
        },
      },
      /**
       * `at` + AUDIT_RETENTION_DAYS in epoch seconds: the trail is kept a year (issue 32) and
       * DynamoDB's TTL then removes the entry by itself, so nothing has to scan for old ones.
       */
      expiresAt: { type: 'number', required: true, readOnly: true, field: TABLE_DEFINITION.timeToLiveAttribute },
    },
    indexes: {
      byTime: {
        pk: orgKey('pk'),
        sk: key('sk', 'AUDIT', attr('at'), attr('entryId')),
      },
    },
  },
  entityConfig(),
));

export type AuditEntryItem = EntityItem<typeof AuditEntryEntity>;
