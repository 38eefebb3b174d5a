import { Alert, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REPORT_DEFINITIONS, type ReportName } from '@portal/shared/reports/report-definitions';
import type { ReportDto } from '@portal/shared/reports/reports.schema';
import { ApiError } from '../../../lib/api-url.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { reportQueryOptions } from '../api/reports.ts';
import { csvFileName } from '../utils/csv-name.ts';
import { DAY_CHARTS, dayMeasures, SUMMARY_MEASURES, tableMeasures } from '../utils/report-measures.ts';
import type { ReportRange } from '../utils/report-range.ts';
import { orderedRows, rowName } from '../utils/report-rows.ts';
import { DayChartFigure } from './day-charts.tsx';
import { PeopleTable } from './people-table.tsx';
import { RawExport } from './raw-export.tsx';
import { ReportFigures } from './report-figures.tsx';
import { ReportTable } from './report-table.tsx';
import { useReportWords, type ReportWords } from './use-report-words.ts';

interface ReportPanelProps {
  orgId: string;
  report: ReportName;
  range: Pick<ReportRange, 'from' | 'to'>;
}

const DAY = 'DAY';

/** Whether anything happened in the range: a report of zeros shows an empty state, not empty tables. */
const isEmpty = (data: ReportDto) => Object.values(data.total.counters).every((value) => !value);

/**
 * One report over the range (issue 32): its headline figures, a table per dimension (each with its
 * CSV), the day charts with the by-day table as their alternative, the raw rows' export, and the
 * tasks' by-person table on demand.
 */
export function ReportPanel({ orgId, report, range }: ReportPanelProps) {
  const { t } = useTranslation('reports');
  const words = useReportWords();
  const query = useQuery(reportQueryOptions(orgId, report, range));
  const reportName = words.report(report);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    // A range the API refuses says why, in the user's language; anything else is the page's error.
    if (query.error instanceof ApiError && query.error.status === 400) {
      return (
        <Alert variation="error" role="alert">
          {formErrorMessage(query.error, t('loadFailed'))}
        </Alert>
      );
    }
    throw query.error;
  }
  const data = query.data;
  const caption = (table: string) => t('captions.table', { report: reportName, table, range: words.range(range) });
  return (
    <div className="report">
      <div className="report__head">
        <h3 className="report__title">{t('summary', { report: reportName })}</h3>
        {isEmpty(data) ? null : <RawExport orgId={orgId} report={report} range={range} reportName={reportName} />}
      </div>
      <Text variation="secondary">{t(`help.${report}`)}</Text>
      {isEmpty(data) ? (
        <EmptyState title={t('empty.title')} help={t('empty.help')} />
      ) : (
        <>
          <ReportFigures measures={SUMMARY_MEASURES[report]} figures={data.total} words={words} />
          {tablesOf(report, data).map(({ dimension, rows }) => {
            const title = t(`tables.${dimension}`);
            const measures = tableMeasures(report, dimension);
            const nameOf = (row: { key: string; name: string | null }) => rowName(dimension, row, words.rows);
            const nameHeader = t(`columns.${dimension}`);
            return (
              <ReportTable
                key={dimension}
                title={title}
                caption={caption(title)}
                nameHeader={nameHeader}
                measures={measures}
                rows={rows.map((row) => ({ id: row.key, name: <RowName dimension={dimension} name={nameOf(row)} />, figures: row }))}
                words={words}
                csv={(files) => files.tableCsv({ name: nameHeader, key: t('columns.key'), measure: words.csvHeader }, measures, rows, nameOf)}
                fileName={csvFileName(report, dimension, range)}
              />
            );
          })}
          {(DAY_CHARTS[report] ?? []).map((chart) => (
            <DayChartFigure key={chart.key} chart={chart} days={data.days} range={range} words={words} />
          ))}
          <DayTable report={report} data={data} range={range} words={words} caption={caption(t(`tables.${DAY}`))} />
        </>
      )}
      {/* Its own read (the people's answers), so asked for even when the tasks' totals are empty. */}
      {report === 'tasks' ? <PeopleTable orgId={orgId} range={range} words={words} /> : null}
    </div>
  );
}

/** The report's tables in its definition's order (shared/src/reports/report-definitions.ts), rows in the page's order. */
function tablesOf(report: ReportName, data: ReportDto) {
  return REPORT_DEFINITIONS[report].tables.flatMap((dimension) => {
    const table = data.tables.find((candidate) => candidate.dimension === dimension);
    return table && table.rows.length ? [{ dimension, rows: orderedRows(dimension, table.rows) }] : [];
  });
}

/** A name the organisation wrote (a template, a group, a checklist item) is not translated by a browser's translator; the page's own words are. */
function RowName({ dimension, name }: { dimension: string; name: string }) {
  return dimension === 'HOUR' ? name : <span translate="no">{name}</span>;
}

interface DayTableProps {
  report: ReportName;
  data: ReportDto;
  range: Pick<ReportRange, 'from' | 'to'>;
  words: ReportWords;
  caption: string;
}

/** Every day of the range with the report's figures: the charts' alternative, folded away until opened. */
function DayTable({ report, data, range, words, caption }: DayTableProps) {
  const { t } = useTranslation('reports');
  const measures = dayMeasures(report);
  return (
    <details className="report-days">
      <summary>{t('days.show')}</summary>
      <ReportTable
        title={t(`tables.${DAY}`)}
        caption={caption}
        nameHeader={t(`columns.${DAY}`)}
        measures={measures}
        rows={data.days.map((day) => ({ id: day.date, name: <time dateTime={day.date}>{words.date(day.date)}</time>, figures: day }))}
        words={words}
        csv={(files) => files.daysCsv({ date: t(`columns.${DAY}`), measure: words.csvHeader }, measures, data.days)}
        fileName={csvFileName(report, DAY, range)}
      />
    </details>
  );
}
