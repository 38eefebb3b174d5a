import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key, orgKey } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * An external trigger's webhook secret (docs/data-model.md §3.9): `whsec_` and the base64 of 32
 * random bytes, on its own row so that no list or get of triggers ever carries it, and encrypted
 * there (decision 0057): `ciphertext` is the secret sealed by the secret cipher port (KMS on AWS)
 * with the row's orgId and triggerId as encryption context. It exists while the trigger is
 * external; written and deleted in the same transaction as the trigger row, replaced by a
 * rotation, read (consistently) only by the webhook routes. `secret` is the plain text rows
 * written before 0057 hold: read once by the webhook, which seals it and removes it.
 */
export const WebhookSecretEntity = lazy(() => new Entity(
  {
    model: { entity: 'webhookSecret', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      triggerId: { type: 'string', required: true, readOnly: true, field: 'trigger_id' },
      ciphertext: { type: 'string' },
      /** Before decision 0057 only: the secret in plain text, removed when the row is sealed. */
      secret: { type: 'string' },
      createdAt: { type: 'string', required: true, field: 'created_at' },
    },
    indexes: {
      byOrg: {
        pk: orgKey('pk'),
        sk: key('sk', 'WEBHOOKSECRET', attr('triggerId')),
      },
    },
  },
  entityConfig(),
));

export type WebhookSecretItem = EntityItem<typeof WebhookSecretEntity>;
