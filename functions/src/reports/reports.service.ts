import {
  PERSON_DEFINITION,
  REPORT_DEFINITIONS,
  type ReportDto,
  type ReportName,
  type ReportPeopleDto,
  type ReportRangeQuery,
  type ReportRowsDto,
  type ReportRowsQuery,
} from '@portal/shared/reports/reports.schema';
import { readFacts } from '../platform/reports/read-facts.ts';
import { mergeByDate, mergeByValue, readRollups } from '../platform/reports/read-rollups.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { dayFigures, figuresOf, tableRows } from './report-figures.ts';
import { tableNames } from './report-names.ts';
import { checkedRange, datesOf, instantsOf, rowsLimit } from './report-range.ts';

/**
 * GET /reports/{report} (decision 0087): AP95 for `ALL` and each table's dimension over the range,
 * in parallel, read raw; totals and one point per day from `ALL`, each table merged by value and
 * named now. The time zone is read beside them: the days are the organisation's as written.
 */
export async function getReport(orgId: string, report: ReportName, query: ReportRangeQuery): Promise<ReportDto> {
  const range = checkedRange(query);
  const { kind, tables, counters } = REPORT_DEFINITIONS[report];
  const [timeZone, all, ...byTable] = await Promise.all([
    organizationTimeZone(orgId),
    readRollups({ orgId, kind, dimension: 'ALL', ...range }),
    ...tables.map((dimension) => readRollups({ orgId, kind, dimension, ...range })),
  ]);
  const merged = byTable.map((rows) => mergeByValue(rows));
  const names = await tableNames(orgId, report, tables.map((dimension, i) => ({ dimension, values: merged[i]!.map((row) => row.key) })));
  const [total] = mergeByValue(all);
  return {
    report,
    ...range,
    time_zone: timeZone,
    total: figuresOf(total ?? { counters: {}, durations: {} }, counters),
    days: dayFigures(datesOf(range), mergeByDate(all), counters),
    tables: tables.map((dimension, i) => ({ dimension, rows: tableRows(merged[i]!, names[i]!, counters) })),
  };
}

/** GET /reports/tasks/people: AP95 of TASKANSWER/PERSON over the range, merged per person, named now. */
export async function getReportPeople(orgId: string, query: ReportRangeQuery): Promise<ReportPeopleDto> {
  const range = checkedRange(query);
  const { kind, dimension, counters } = PERSON_DEFINITION;
  const merged = mergeByValue(await readRollups({ orgId, kind, dimension, ...range }));
  const [names] = await tableNames(orgId, 'tasks', [{ dimension, values: merged.map((row) => row.key) }]);
  return { ...range, rows: tableRows(merged, names!, counters) };
}

/** GET /reports/{report}/rows: a page of the report's facts (AP96), oldest first, between the range's first instant and the day after its last. */
export async function listReportRows(orgId: string, report: ReportName, query: ReportRowsQuery): Promise<ReportRowsDto> {
  const range = checkedRange(query);
  const limit = rowsLimit(query.limit);
  const { start, end } = instantsOf(await organizationTimeZone(orgId), range);
  const page = await readFacts({ orgId, kind: REPORT_DEFINITIONS[report].kind, start, end, limit, token: query.next_token });
  return {
    items: page.data.map((fact) => ({ item_id: fact.itemId, instant: fact.instant, local_date: fact.localDate, local_hour: fact.localHour, columns: fact.columns as Record<string, unknown> })),
    next_token: page.cursor ?? null,
  };
}
