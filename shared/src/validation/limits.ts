/**
 * Field limits as plain numbers, without yup: pages that check a field before first render (the
 * sign-in form) read them from here (issue 12); validation/fields.ts builds its schemas on them.
 */
export const ID_MAX = 128;
export const SHORT_TEXT_MAX = 100;
export const EMAIL_MAX = 254;
/** Cognito accepts up to 256; the portal's rule is at least 8. */
export const PASSWORD_MAX = 128;
export const PAGE_TOKEN_MAX = 1_024;
export const URL_MAX = 2_048;
/** Absolute dates the portal schedules or stores; outside this the input is a typo. */
export const YEAR_RANGE = { min: 2000, max: 2099 } as const;
