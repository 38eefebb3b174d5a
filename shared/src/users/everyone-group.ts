/**
 * The built-in group every user belongs to, yup-free: the user group entity reads its id in every
 * module's bundle, which should not carry the users module's schemas (docs/performance.md, "Lambda
 * bundles"). Re-exported by user-group.schema.ts.
 */
export const EVERYONE_GROUP_ID = 'everyone';

/** The built-in group every user belongs to, known by its flag (or fixed id), never by its stored name. */
export const isEveryoneGroup = (group: { id: string; type: 'everyone' | 'other' } | undefined): boolean =>
  group?.type === 'everyone' || group?.id === EVERYONE_GROUP_ID;
