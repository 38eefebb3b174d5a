import { useId, type ReactNode } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ReportFiguresDto } from '@portal/shared/reports/reports.schema';
import type { CsvCell } from '../../../lib/csv.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table.tsx';
import type { Measure } from '../utils/report-measures.ts';
import type { ReportWords } from './use-report-words.ts';

/** The CSV builders and save (utils/csv-files.ts), loaded when a table is exported. */
export type CsvFiles = typeof import('../utils/csv-files.ts');

/** A row of a report's table: its id, what names it (a template, an hour, a day), its figures. */
export interface ReportTableRow {
  id: string;
  name: ReactNode;
  figures: ReportFiguresDto;
}

interface ReportTableProps {
  /** Its heading ("By template"). */
  title: string;
  /** Its caption: the report, the table and the range, said before the table is read. */
  caption: string;
  /** The first column's header ("Template", "Day"). */
  nameHeader: string;
  measures: readonly Measure[];
  rows: readonly ReportTableRow[];
  words: ReportWords;
  /** The table as CSV, made when exported by the builders loaded then, and its file's name. */
  csv: (files: CsvFiles) => CsvCell[][];
  fileName: string;
}

/** One table of a report (issue 32): a heading, the export of it as CSV, the table with its caption, a row header a row. */
export function ReportTable({ title, caption, nameHeader, measures, rows, words, csv, fileName }: ReportTableProps) {
  const { t } = useTranslation('reports');
  const headingId = useId();
  const columns: DataTableColumn<ReportTableRow>[] = [
    { key: 'name', header: nameHeader, cell: (row) => row.name },
    ...measures.map((measure) => ({ key: measure.key, header: words.measureName(measure), numeric: true, cell: (row: ReportTableRow) => words.value(measure, row.figures) })),
  ];
  return (
    <section className="report-table" aria-labelledby={headingId}>
      <div className="report-table__head">
        <h4 id={headingId} className="report-table__title">
          {title}
        </h4>
        <Button size="small" aria-label={t('export.tableLabel', { table: title })} onClick={() => void import('../utils/csv-files.ts').then((files) => files.saveCsv(fileName, csv(files)))}>
          {t('export.table')}
        </Button>
      </div>
      {/* Scrolls sideways on a narrow screen: focusable, so a keyboard scrolls it too. */}
      <div className="report-table__scroll" role="group" aria-labelledby={headingId} tabIndex={0}>
        <DataTable caption={caption} rowHeaders columns={columns} rows={rows} />
      </div>
    </section>
  );
}
