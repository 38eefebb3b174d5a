import { Entity, type EntityItem } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { attr, key } from '../platform/db/keys.ts';
import { lazy } from '../platform/db/lazy.ts';

/**
 * A person's open watch-emulator connections, counted, and when one was last seen
 * (docs/data-model.md, AP32b, AP32c): one row per person, so the presence of 500 recipients is a few
 * BatchGets. `connections` changes only in the transaction that flips a connection row
 * (user-connection.entity.ts), so it counts exactly the open ones.
 */
export const UserPresenceEntity = lazy(() => new Entity(
  {
    model: { entity: 'userPresence', version: '1', service: 'portal' },
    attributes: {
      userId: { type: 'string', required: true, readOnly: true },
      connections: { type: 'number', default: 0 },
      lastSeenAt: { type: 'string' },
      /** +1 on every write: each write conditions on the one it read, so last seen never goes back. */
      version: { type: 'number', default: 0 },
    },
    indexes: {
      byUser: {
        pk: key('pk', 'USER', attr('userId')),
        sk: key('sk', 'PRESENCE'),
      },
    },
  },
  entityConfig(),
));

export type UserPresenceItem = EntityItem<typeof UserPresenceEntity>;
