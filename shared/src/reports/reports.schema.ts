import { mixed, object, string, type InferType } from 'yup';
import { serverMessages } from '../api/server-messages.ts';
import { orgPathSchema } from '../organizations/organizations.schema.ts';
import { calendarDate, INVALID_DATE, PAGE_TOKEN_MAX, text } from '../validation/fields.ts';
import { REPORT_RANGE_MAX_DAYS, REPORT_ROWS_PAGE_MAX, REPORTS, type ReportName } from './report-definitions.ts';

export * from './report-definitions.ts';

export const REPORT_MESSAGES = serverMessages('reports', {
  unknownReport: 'Unknown report',
  rangeReversed: 'The start date must be on or before the end date',
  rangeTooLong: `The range may span at most ${REPORT_RANGE_MAX_DAYS} days`,
  limit: `limit must be a number from 1 to ${REPORT_ROWS_PAGE_MAX}`,
} as const);

/**
 * `/reports/{report}`: one of REPORTS, else 400 unknownReport (a fixed list, as the audit trail's
 * `kind`; not an id that may name nothing, which would be a 404).
 */
export const reportPathSchema = orgPathSchema.shape({
  report: mixed<ReportName>().oneOf([...REPORTS], REPORT_MESSAGES.unknownReport).required(REPORT_MESSAGES.unknownReport),
});
export type ReportPath = InferType<typeof reportPathSchema>;

/**
 * A report's range: the organisation's days, both included (`from` 00:00 to the end of `to`, in its
 * time zone). Both required: the page always sends the range it shows.
 */
export const reportRangeQuerySchema = object({
  from: calendarDate().required(INVALID_DATE),
  to: calendarDate().required(INVALID_DATE),
});
export type ReportRangeQuery = InferType<typeof reportRangeQuerySchema>;

/** The raw rows behind a report (the CSV), paged oldest first. */
export const reportRowsQuerySchema = reportRangeQuerySchema.shape({
  next_token: text(PAGE_TOKEN_MAX, 'next_token').optional(),
  limit: string().max(4, REPORT_MESSAGES.limit).matches(/^\d+$/, REPORT_MESSAGES.limit).optional(),
});
export type ReportRowsQuery = InferType<typeof reportRowsQuerySchema>;

/** Counters added over the rows, and the exact median and 90th percentile of their durations (ms; null without any). */
export interface ReportFiguresDto {
  counters: Record<string, number>;
  /** How many durations the median is of (e.g. the accepted actions). */
  duration_count: number;
  median_ms: number | null;
  p90_ms: number | null;
}

/** A table row: the dimension's value, its name read at answer time (null when it is gone or has none), its figures. */
export interface ReportTableRowDto extends ReportFiguresDto {
  key: string;
  name: string | null;
}

/**
 * GET /reports/{report}?from&to: totals, one point per day of the range (every day, zeros too, for
 * the chart), and a table per dimension of the report's definition, rows sorted by the first
 * counter descending.
 */
export interface ReportDto {
  report: string;
  from: string;
  to: string;
  time_zone: string;
  total: ReportFiguresDto;
  days: Array<ReportFiguresDto & { date: string }>;
  tables: Array<{ dimension: string; rows: ReportTableRowDto[] }>;
}

/** GET /reports/tasks/people?from&to: each person's completions and declines (names now; a removed person's name is null). */
export interface ReportPeopleDto {
  from: string;
  to: string;
  rows: ReportTableRowDto[];
}

/** One raw row: an item's fact (its instant, the organisation's day and hour of it, its CSV columns). */
export interface ReportRowDto {
  item_id: string;
  instant: string;
  local_date: string;
  local_hour: number;
  columns: Record<string, unknown>;
}

/** GET /reports/{report}/rows?from&to&next_token&limit. */
export interface ReportRowsDto {
  items: ReportRowDto[];
  next_token: string | null;
}
