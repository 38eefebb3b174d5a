import { Entity } from 'electrodb';
import { searchKey } from '@portal/shared/text/search-key';
import { USER_TYPES, type UserType } from '@portal/shared/users/user-types';
import { entityConfig } from '../db/client.ts';
import { attr, key, orgKey } from '../db/keys.ts';
import { lazy } from '../db/lazy.ts';

/**
 * Prefix-search rows for the users header search without a Scan: three terms per user
 * ("first last", "last first", email) in a partition per organisation and list kind, matched with
 * begins_with. Each row also carries what a row of the users list shows, so a search page is one
 * Query (docs/data-model.md AP16); they are rewritten in the same transaction as the profile.
 * Rows written before the copy existed lack `email`; the search reads their profiles instead.
 */
export const UserSearchTermEntity = lazy(() => new Entity(
  {
    model: { entity: 'userSearchTerm', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      kind: { type: ['PERSON', 'DEVICE'] as const, required: true, readOnly: true },
      term: { type: 'string', required: true, readOnly: true },
      userId: { type: 'string', required: true, readOnly: true },
      // The users list's row (UserDto without groups); never the PIN hash, only whether there is one.
      email: { type: 'string' },
      firstname: { type: 'string' },
      lastname: { type: 'string' },
      type: { type: USER_TYPES },
      accessLevel: { type: 'string' },
      hasPin: { type: 'boolean' },
      triggerMenuGroupId: { type: 'string' },
    },
    indexes: {
      byTerm: {
        pk: orgKey('pk', 'USERSEARCH', attr('kind')),
        sk: key('sk', attr('term'), attr('userId')),
      },
    },
  },
  entityConfig(),
));

export interface SearchableUser {
  orgId: string;
  userId: string;
  kind: 'PERSON' | 'DEVICE';
  firstname: string;
  lastname: string;
  email: string;
  type: UserType;
  accessLevel: string;
  /** The PIN's hash, if any: the rows keep only whether there is one. */
  pinHash?: string;
  triggerMenuGroupId?: string;
}

/** The term rows of one user (distinct terms only), each with the user's list row. */
export function searchTermsOf(user: SearchableUser) {
  const terms = new Set([
    searchKey(`${user.firstname} ${user.lastname}`),
    searchKey(`${user.lastname} ${user.firstname}`),
    searchKey(user.email),
  ]);
  const row = {
    orgId: user.orgId,
    kind: user.kind,
    userId: user.userId,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    type: user.type,
    accessLevel: user.accessLevel,
    hasPin: Boolean(user.pinHash),
    ...(user.triggerMenuGroupId ? { triggerMenuGroupId: user.triggerMenuGroupId } : {}),
  };
  return [...terms].filter(Boolean).map((term) => ({ ...row, term }));
}
