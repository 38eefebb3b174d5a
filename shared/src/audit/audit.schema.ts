import { mixed, object, string, type InferType } from 'yup';
import { serverMessages } from '../api/server-messages.ts';
import { calendarDate, id, PAGE_TOKEN_MAX, text } from '../validation/fields.ts';

/**
 * The organisation's audit trail (issue 32, /settings/audit): who changed what, when, with the
 * changed fields before and after. Kept AUDIT_RETENTION_DAYS, then DynamoDB's TTL removes it.
 * What each kind covers (one entry per kind a request changes, so a filter by kind finds it):
 * - `user`: a person or device user added, edited (name, email, type, groups) or removed;
 * - `access_level`: a member's access level (role) changed, or given with a new user;
 * - `credentials`: a password or PIN set (never its value);
 * - `user_group`: a user group added, renamed, recoloured, its members changed, or removed;
 * - `settings`: general settings and each module's settings section, the tablet map, the logo;
 * - `feature_flags`: the feature flags (part of general settings, kept apart for the filter);
 * - `trigger`: an automation trigger or trigger group added, edited or removed;
 * - `trigger_secret`: a webhook secret created or rotated (never the secret);
 * - `device`: a watch or tablet added, edited or removed;
 * - `device_credentials`: a device's token issued or rotated (never the token).
 */
export const AUDIT_KINDS = ['user', 'access_level', 'credentials', 'user_group', 'settings', 'feature_flags', 'trigger', 'trigger_secret', 'device', 'device_credentials'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_ACTIONS = ['created', 'updated', 'deleted', 'rotated'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How long an entry is kept (issue 32): a year, then the table's TTL removes it. */
export const AUDIT_RETENTION_DAYS = 365;
/** The range the trail shows when the query names none: the last 30 days, in the organisation's zone. */
export const AUDIT_DEFAULT_DAYS = 30;
/** At most this many fields per entry; a value is cut to AUDIT_VALUE_MAX characters. */
export const AUDIT_CHANGES_MAX = 50;
export const AUDIT_VALUE_MAX = 200;
/** A page of the trail. */
export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

export const AUDIT_MESSAGES = serverMessages('audit', {
  unknownKind: 'Unknown kind of change',
  rangeReversed: 'The start date must be on or before the end date',
  rangeTooLong: `The range may span at most ${AUDIT_RETENTION_DAYS} days`,
  limit: `limit must be a number from 1 to ${AUDIT_PAGE_MAX}`,
} as const);

/**
 * GET /audit's query: a range of days in the organisation's time zone (from 00:00 on `from` to the
 * end of `to`; both optional, default the last AUDIT_DEFAULT_DAYS days to today), whose changes,
 * of which kind, and paging.
 */
export const listAuditQuerySchema = object({
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  actor_id: id('Actor id').optional(),
  kind: mixed<AuditKind>().oneOf([...AUDIT_KINDS], AUDIT_MESSAGES.unknownKind).optional(),
  next_token: text(PAGE_TOKEN_MAX, 'next_token').optional(),
  limit: string().max(3, AUDIT_MESSAGES.limit).matches(/^\d+$/, AUDIT_MESSAGES.limit).optional(),
});
export type ListAuditQuery = InferType<typeof listAuditQuerySchema>;

/**
 * One changed field. A secret or credential is never stored: its `before` and `after` are null and
 * `redacted` is true ("set", "rotated"). Values are text: a list or object as JSON, cut to AUDIT_VALUE_MAX.
 */
export interface AuditChangeDto {
  field: string;
  before: string | null;
  after: string | null;
  redacted?: true;
}

export interface AuditEntryDto {
  id: string;
  /** When, an ISO instant (UTC); the portal shows it in the organisation's zone. */
  at: string;
  /** Who: the user id, and their name (or e-mail) as it was then, so a removed person still reads. */
  actor_id: string;
  actor_name: string;
  kind: AuditKind;
  action: AuditAction;
  /** What: its id, and its name as it was then (a user's name, a trigger's, a settings section's key). */
  target_id: string;
  target_name: string;
  changes: AuditChangeDto[];
}
