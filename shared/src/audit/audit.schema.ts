import { mixed, object, string, type InferType } from 'yup';
import { serverMessages } from '../api/server-messages.ts';
import { calendarDate, id, PAGE_TOKEN_MAX, text } from '../validation/fields.ts';
import { AUDIT_KINDS, AUDIT_RETENTION_DAYS, type AuditAction, type AuditKind } from './audit-kinds.ts';

export {
  AUDIT_ACTIONS,
  AUDIT_CHANGES_MAX,
  AUDIT_DEFAULT_DAYS,
  AUDIT_KINDS,
  AUDIT_RETENTION_DAYS,
  AUDIT_VALUE_MAX,
  type AuditAction,
  type AuditKind,
} from './audit-kinds.ts';

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
