import { object, string, type InferType } from 'yup';
import { serverMessages } from '../api/server-messages.ts';
import { id, text } from '../validation/fields.ts';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from './client-error-limits.ts';

export { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, type ClientErrorKind } from './client-error-limits.ts';

/** The message of the log line per report: the CloudWatch metric filter on AWS matches it (infra/aws/client-errors-alarm.ts). */
export const CLIENT_ERROR_LOG_MESSAGE = 'client_error';

/** Reports per minute per signed-in user, or per source address when signed out. */
export const CLIENT_ERROR_RATE_PER_MINUTE = 10;

export const CLIENT_ERROR_MESSAGES = {
  kind: 'Kind must be uncaught, unhandledrejection or error-page',
  messageRequired: 'Message is required',
  pathRequired: 'Path is required',
  pathNotAPath: 'Path must start with /',
} as const;

/** The refusal over the quota: 429 with the stable code `clientErrors.rateLimited`. */
export const CLIENT_ERROR_REFUSALS = serverMessages('clientErrors', {
  rateLimited: 'Too many error reports. Please try again in a minute.',
});

/** POST /api/client-errors: the path only (no origin, no query: tokens and ids stay out of the logs). */
export const clientErrorSchema = object({
  kind: string().max(20, CLIENT_ERROR_MESSAGES.kind).oneOf([...CLIENT_ERROR_KINDS], CLIENT_ERROR_MESSAGES.kind).required(CLIENT_ERROR_MESSAGES.kind),
  message: text(CLIENT_ERROR_LIMITS.message, 'Message').required(CLIENT_ERROR_MESSAGES.messageRequired),
  stack: text(CLIENT_ERROR_LIMITS.stack, 'Stack').optional(),
  path: text(CLIENT_ERROR_LIMITS.path, 'Path')
    .matches(/^\/[^?#]*$/, CLIENT_ERROR_MESSAGES.pathNotAPath)
    .required(CLIENT_ERROR_MESSAGES.pathRequired),
  release: text(CLIENT_ERROR_LIMITS.release, 'Release').optional(),
  user_agent: text(CLIENT_ERROR_LIMITS.userAgent, 'User agent').optional(),
  /** The organisation the page was showing; logged only when the caller's token names it. */
  org_id: id('Organisation id').optional(),
});
export type ClientErrorReport = InferType<typeof clientErrorSchema>;
