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
import { namesFrom } from './name-refs.ts';
import { personNames, readNameSources } from './report-names.ts';
import { checkedRange, datesOf, instantsOf, rowsLimit } from './report-range.ts';

/**
 * GET /reports/{report} (decision 0087, AP98): AP95 for `ALL` and each table's dimension over the
 * range, read raw, and beside them the time zone and the names the tables may need, all in
 * parallel; totals and one point per day from `ALL`, each table merged by value and named now.
 */
export async function getReport(orgId: string, report: ReportName, query: ReportRangeQuery): Promise<ReportDto> {
  const range = checkedRange(query);
  const { kind, tables, counters } = REPORT_DEFINITIONS[report];
  const [timeZone, sources, all, ...byTable] = await Promise.all([
    organizationTimeZone(orgId),
    readNameSources(orgId, report, tables),
    readRollups({ orgId, kind, dimension: 'ALL', ...range }),
    ...tables.map((dimension) => readRollups({ orgId, kind, dimension, ...range })),
  ]);
  const [total] = mergeByValue(all);
  return {
    report,
    ...range,
    time_zone: timeZone,
    total: figuresOf(total ?? { counters: {}, durations: {} }, counters),
    days: dayFigures(datesOf(range), mergeByDate(all), counters),
    tables: tables.map((dimension, i) => {
      const merged = mergeByValue(byTable[i]!);
      return { dimension, rows: tableRows(merged, namesFrom(dimension, merged.map((row) => row.key), sources), counters) };
    }),
  };
}

/** GET /reports/tasks/people (AP99): AP95 of TASKANSWER/PERSON over the range, merged per person, then their names. */
export async function getReportPeople(orgId: string, query: ReportRangeQuery): Promise<ReportPeopleDto> {
  const range = checkedRange(query);
  const { kind, dimension, counters } = PERSON_DEFINITION;
  const merged = mergeByValue(await readRollups({ orgId, kind, dimension, ...range }));
  const values = merged.map((row) => row.key);
  return { ...range, rows: tableRows(merged, namesFrom(dimension, values, await personNames(orgId, values)), counters) };
}

/** GET /reports/{report}/rows (AP100): a page of the report's facts (AP96), oldest first, between the range's first instant and the day after its last. */
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
