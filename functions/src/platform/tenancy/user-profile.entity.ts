import { Entity, type EntityItem } from 'electrodb';
import { USER_TYPES } from '@portal/shared/users/user-types';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * A user within one organisation (spec 001 §3). gsi1 lists an organisation's people or device
 * users (kind PERSON / DEVICE: the Users and Device Specific tabs) sorted by name, one Query a page.
 */
export const UserProfileEntity = lazy(() => new Entity(
  {
    model: { entity: 'userProfile', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      userId: { type: 'string', required: true, readOnly: true },
      email: { type: 'string', required: true },
      firstname: { type: 'string', required: true },
      lastname: { type: 'string', required: true },
      type: { type: USER_TYPES, required: true, default: 'normal' },
      /** PERSON or DEVICE (type system): the list a user appears in; see `userKind`. */
      kind: { type: ['PERSON', 'DEVICE'] as const, required: true },
      /** searchKey(lastname firstname): the sort key of the lists. */
      nameKey: { type: 'string', required: true },
      accessLevel: { type: 'string', required: true, default: 'employee' },
      /** scrypt hash of the write-only PIN. */
      pinHash: { type: 'string' },
      triggerMenuGroupId: { type: 'string' },
      createdAt: { type: 'string', readOnly: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byId: {
        pk: orgKey('pk'),
        sk: key('sk', 'USER', attr('userId')),
      },
      byName: {
        index: 'gsi1',
        pk: orgKey('gsi1pk', 'USERS', attr('kind')),
        sk: key('gsi1sk', attr('nameKey'), attr('userId')),
      },
    },
  },
  entityConfig(),
));

export type UserProfile = EntityItem<typeof UserProfileEntity>;

export const userKind = (type: (typeof USER_TYPES)[number]): 'PERSON' | 'DEVICE' => (type === 'system' ? 'DEVICE' : 'PERSON');
