import { Entity } from 'electrodb';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/** How long an uplink envelope id is remembered: QoS 1 repeats arrive within seconds, retries within hours. */
export const UPLINK_DEDUPE_SECONDS = 48 * 3600;

/**
 * The dedupe marker of an uplink envelope (AP82): one row per envelope id and sender (a device, or
 * a user without one), put with `attribute_not_exists` in the same transaction as the event's
 * effect, so a repeated envelope changes nothing. DynamoDB's TTL removes it after 48 h.
 */
export const UplinkMessageEntity = lazy(() => new Entity(
  {
    model: { entity: 'uplinkMessage', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      /** DEVICE or USER: who published it. */
      senderKind: { type: ['DEVICE', 'USER'] as const, required: true, readOnly: true },
      senderId: { type: 'string', required: true, readOnly: true },
      messageId: { type: 'string', required: true, readOnly: true },
      expiresAt: { type: 'number', required: true, field: 'expires_at' },
    },
    indexes: {
      byMessage: {
        pk: orgKey('pk', attr('senderKind'), attr('senderId')),
        sk: key('sk', 'UPLINK', attr('messageId')),
      },
    },
  },
  entityConfig(),
));

export const uplinkExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + UPLINK_DEDUPE_SECONDS;
