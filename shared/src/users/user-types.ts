/**
 * The kinds of user account, yup-free: the user profile entity reads them in every module's bundle,
 * which should not carry the users module's schemas (test/infra/bundles.test.ts).
 */
export const USER_TYPES = ['normal', 'entra', 'system'] as const;
export type UserType = (typeof USER_TYPES)[number];
