import { REPORT_MESSAGES, REPORT_RANGE_MAX_DAYS, REPORT_ROWS_PAGE_DEFAULT, REPORT_ROWS_PAGE_MAX } from '@portal/shared/reports/reports.schema';
import { addDays } from '@portal/shared/shifts/iso-week';
import { InvalidInputError } from '../platform/errors/domain-errors.ts';
import { dayIn } from '../platform/tenancy/organization-day.ts';

/** A report's days: the organisation's dates, both included (the schema checked each is a real date). */
export interface ReportDays {
  from: string;
  to: string;
}

/** Refuses a reversed range and one longer than REPORT_RANGE_MAX_DAYS days (decision 0087). */
export function checkedRange({ from, to }: ReportDays): ReportDays {
  // YYYY-MM-DD: text order is date order.
  if (from > to) throw InvalidInputError.onField('from', REPORT_MESSAGES.rangeReversed);
  if (addDays(from, REPORT_RANGE_MAX_DAYS - 1) < to) throw InvalidInputError.onField('from', REPORT_MESSAGES.rangeTooLong);
  return { from, to };
}

/** Every date from `from` to `to`, both included, for the chart's points (zeros too). */
export function datesOf({ from, to }: ReportDays): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** The instants of the range's days in the organisation's zone: `from` 00:00 and the start of the day after `to` (AP96's bounds). */
export function instantsOf(timeZone: string, { from, to }: ReportDays): { start: string; end: string } {
  const now = new Date();
  return { start: dayIn(timeZone, now, from).start, end: dayIn(timeZone, now, to).end };
}

/** The CSV's page size: REPORT_ROWS_PAGE_DEFAULT, or 1 to REPORT_ROWS_PAGE_MAX (the schema let only digits through). */
export function rowsLimit(limit: string | undefined): number {
  const n = limit === undefined ? REPORT_ROWS_PAGE_DEFAULT : Number(limit);
  if (n < 1 || n > REPORT_ROWS_PAGE_MAX) throw InvalidInputError.onField('limit', REPORT_MESSAGES.limit);
  return n;
}
