import { Entity } from 'electrodb';
import { searchKey } from '@portal/shared/text/search-key';
import { entityConfig } from '../db/client.ts';
import { lazy } from '../db/lazy.ts';

/**
 * Prefix-search rows for the users header search without a Scan: three terms per user
 * ("first last", "last first", email) in a partition per organisation and list kind, matched with
 * begins_with. They are rewritten in the same transaction as the profile.
 */
export const UserSearchTermEntity = lazy(() => new Entity(
  {
    model: { entity: 'userSearchTerm', version: '1', service: 'portal' },
    attributes: {
      orgId: { type: 'string', required: true, readOnly: true },
      kind: { type: ['PERSON', 'DEVICE'] as const, required: true, readOnly: true },
      term: { type: 'string', required: true, readOnly: true },
      userId: { type: 'string', required: true, readOnly: true },
    },
    indexes: {
      byTerm: {
        pk: { field: 'pk', composite: ['orgId', 'kind'], template: 'ORG#${orgId}#USERSEARCH#${kind}', casing: 'none' },
        sk: { field: 'sk', composite: ['term', 'userId'], template: '${term}#${userId}', casing: 'none' },
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
}

/** The term rows of one user (distinct terms only). */
export function searchTermsOf(user: SearchableUser) {
  const terms = new Set([
    searchKey(`${user.firstname} ${user.lastname}`),
    searchKey(`${user.lastname} ${user.firstname}`),
    searchKey(user.email),
  ]);
  return [...terms].filter(Boolean).map((term) => ({ orgId: user.orgId, kind: user.kind, term, userId: user.userId }));
}
