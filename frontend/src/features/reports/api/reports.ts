import { queryOptions } from '@tanstack/react-query';
import { REPORT_ROWS_PAGE_MAX, type ReportName } from '@portal/shared/reports/report-definitions';
import type { ReportDto, ReportPeopleDto, ReportRowsDto } from '@portal/shared/reports/reports.schema';
import { moduleRequest } from '../../../lib/resource-api.ts';
import { rangeQuery, type ReportRange } from '../utils/report-range.ts';

const request = moduleRequest('reports');
type Range = Pick<ReportRange, 'from' | 'to'>;

/** Every read of the reports of an organisation. Nothing on the page changes them: they are read when shown. */
const reportsKey = (orgId: string) => ['reports', orgId] as const;

/** GET /reports/{report}?from&to: totals, a point a day, a table a dimension (shared/src/reports/reports.schema.ts). */
export const reportQueryOptions = (orgId: string, report: ReportName, range: Range) =>
  queryOptions({
    queryKey: [...reportsKey(orgId), report, range.from, range.to],
    queryFn: ({ signal }) => request<ReportDto>('getReport', { params: { orgId, report }, query: rangeQuery(range), signal }),
  });

/** GET /reports/tasks/people?from&to: the tasks report's by-person table, read when it is opened. */
export const reportPeopleQueryOptions = (orgId: string, range: Range) =>
  queryOptions({
    queryKey: [...reportsKey(orgId), 'tasks', 'people', range.from, range.to],
    queryFn: ({ signal }) => request<ReportPeopleDto>('getReportPeople', { params: { orgId }, query: rangeQuery(range), signal }),
  });

/** One page of the raw rows behind a report (the CSV), REPORT_ROWS_PAGE_MAX at a time. */
export const reportRowsPage = (orgId: string, report: ReportName, range: Range, token: string | undefined, signal: AbortSignal) =>
  request<ReportRowsDto>('listReportRows', {
    params: { orgId, report },
    query: { ...rangeQuery(range), limit: String(REPORT_ROWS_PAGE_MAX), ...(token ? { next_token: token } : {}) },
    signal,
  });
