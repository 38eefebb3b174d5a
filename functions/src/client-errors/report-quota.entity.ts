import { Entity } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * Error reports counted per caller and minute (AP83): one row per subject (`USER#{userId}` signed
 * in, `IP#{address}` signed out) and UTC minute, counted up by one conditional UpdateItem. The
 * caller may have no organisation, so the key does not start with one (docs/data-model.md §1).
 * DynamoDB's TTL removes the row a few minutes after its minute.
 */
export const ReportQuotaEntity = lazy(() => new Entity(
  {
    model: { entity: 'clientErrorQuota', version: '1', service: 'portal' },
    attributes: {
      subject: { type: 'string', required: true, readOnly: true },
      /** The UTC minute, `2026-11-23T13:45Z`. */
      minute: { type: 'string', required: true, readOnly: true },
      count: { type: 'number' },
      expiresAt: { type: 'number', field: 'expires_at' },
    },
    indexes: {
      bySubject: {
        pk: key('pk', 'RATE', 'CLIENTERRORS', attr('subject')),
        sk: key('sk', 'MINUTE', attr('minute')),
      },
    },
  },
  entityConfig(),
));
