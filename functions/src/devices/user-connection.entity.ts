import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * One broker connection of a person without a device (the watch emulator: client id
 * `user-{sub}-{suffix}`, one per browser tab), under the person's key like the user account
 * (docs/data-model.md, AP32b). A closed connection's row expires a week later (TTL); until then it
 * keeps late events of that connection from counting again.
 */
export const UserConnectionEntity = lazy(() => new Entity(
  {
    model: { entity: 'userConnection', version: '1', service: 'portal' },
    attributes: {
      userId: { type: 'string', required: true, readOnly: true },
      clientId: { type: 'string', required: true, readOnly: true },
      connected: { type: 'boolean', required: true },
      at: { type: 'string', required: true },
      rank: { type: 'number', required: true },
      /** TTL (epoch seconds), set once the connection closed. */
      expires_at: { type: 'number' },
    },
    indexes: {
      byClient: {
        pk: key('pk', 'USER', attr('userId')),
        sk: key('sk', 'CONNECTION', attr('clientId')),
      },
    },
  },
  entityConfig(),
));

export type UserConnectionItem = EntityItem<typeof UserConnectionEntity>;
