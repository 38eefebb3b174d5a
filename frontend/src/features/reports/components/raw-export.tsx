import { useTranslation } from 'react-i18next';
import type { ReportName, ReportRowDto } from '@portal/shared/reports/reports.schema';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { PagedExport } from '../../../ui/paged-export.tsx';
import { reportRowsPage } from '../api/reports.ts';
import { csvFileName } from '../utils/csv-name.ts';
import type { ReportRange } from '../utils/report-range.ts';

interface RawExportProps {
  orgId: string;
  report: ReportName;
  range: Pick<ReportRange, 'from' | 'to'>;
  reportName: string;
}

/**
 * The raw rows behind a report as CSV (issue 32, decision 0087): every item's fact of the range,
 * read a page at a time from the rows route with the count so far said (a 90-day range may be
 * thousands), its times in the organisation's offset.
 */
export function RawExport({ orgId, report, range, reportName }: RawExportProps) {
  const { t } = useTranslation('reports');
  const { timeZone } = useOrganizationClock();
  const headers = {
    itemId: t('raw.itemId'),
    instant: t('raw.instant'),
    date: t('raw.date'),
    hour: t('raw.hour'),
    // A module's column the strings do not name yet keeps its own name.
    column: (name: string) => t(`raw.columns.${name}`, { defaultValue: name }),
  };
  return (
    <PagedExport<ReportRowDto>
      readPage={(token, signal) => reportRowsPage(orgId, report, range, token, signal)}
      save={async (items) => {
        const files = await import('../utils/csv-files.ts');
        files.saveCsv(csvFileName(report, 'rows', range), files.rawRowsCsv(headers, items, timeZone));
      }}
      texts={{
        button: t('export.raw'),
        buttonLabel: t('export.rawLabel', { report: reportName }),
        progress: (running, count) => t(running ? 'export.running' : 'export.done', { count }),
        failed: t('export.failed'),
      }}
    />
  );
}
