/**
 * The client-error report's kinds and limits without yup: the browser's error reporter loads on
 * every page and needs only these (issue 12); client-error.schema.ts builds the schema from them.
 */

/** The reports' route (the route table's `reportClientError`): the reporter needs no route table to post. */
export const CLIENT_ERRORS_PATH = '/api/client-errors';

/** What the browser reports (decision 0018): an uncaught error, an unhandled rejection, or an error page shown. */
export const CLIENT_ERROR_KINDS = ['uncaught', 'unhandledrejection', 'error-page'] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** Limits of a report: enough for a real stack, small enough that a flood costs little log space. */
export const CLIENT_ERROR_LIMITS = { message: 1_000, stack: 8_000, path: 1_024, release: 64, userAgent: 512 } as const;
