import { AUDIT_DEFAULT_DAYS, AUDIT_MESSAGES, AUDIT_RETENTION_DAYS, type ListAuditQuery } from '@portal/shared/audit/audit.schema';
import { addDays } from '@portal/shared/shifts/iso-week';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { dayIn } from '../platform/tenancy/organization-day.ts';

const DAY_MS = 86_400_000;

/**
 * The instants a trail's range covers: `from` 00:00 to the end of `to` in the organisation's zone,
 * by default the last AUDIT_DEFAULT_DAYS days to today. Refused when reversed or longer than the
 * trail keeps. The start is never before now − AUDIT_RETENTION_DAYS: DynamoDB's TTL removes an
 * expired entry some time after it expires, and until then it is not shown. Null when nothing of
 * the range is kept.
 */
export function auditRange(timeZone: string, now: Date, query: Pick<ListAuditQuery, 'from' | 'to'>): { start: string; end: string } | null {
  const to = query.to ?? dayIn(timeZone, now).date;
  const from = query.from ?? addDays(to, 1 - AUDIT_DEFAULT_DAYS);
  // Dates are 'YYYY-MM-DD' (the schema checked them), so text order is date order.
  if (from > to) throw InvalidInputError.onField('from', AUDIT_MESSAGES.rangeReversed);
  if (addDays(from, AUDIT_RETENTION_DAYS - 1) < to) throw InvalidInputError.onField('from', AUDIT_MESSAGES.rangeTooLong);
  const kept = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS).toISOString();
  const start = dayIn(timeZone, now, from).start;
  const end = dayIn(timeZone, now, to).end;
  const keptStart = start > kept ? start : kept;
  return keptStart < end ? { start: keptStart, end } : null;
}
