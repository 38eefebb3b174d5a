import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import './components.css';
import './ui.css';
import '@aws-amplify/ui-react/styles/table.css';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** A figure: aligned to the end, its digits of one width, so a column of them reads down. */
  numeric?: boolean;
}

interface DataTableProps<T> {
  /** The table's accessible name, where it has no caption. */
  label?: string;
  /** Its caption: the table's name, said before it is read (a report's table: what, over which days). */
  caption?: ReactNode;
  /** The first column names each row (a report's template, hour, person): its cells are row headers. */
  rowHeaders?: boolean;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
}

const numericClass = (column: { numeric?: boolean }) => (column.numeric ? 'data-table__number' : undefined);

/** A list page's table (spec 001 §2): a header row, then a row per item, highlighted on hover. */
export function DataTable<T extends { id: string }>({ label, caption, rowHeaders = false, columns, rows }: DataTableProps<T>) {
  return (
    <Table className="data-table" highlightOnHover size="small" aria-label={label} caption={caption}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.key} as="th" scope="col" className={numericClass(column)}>
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((column, index) =>
              rowHeaders && index === 0 ? (
                <TableCell key={column.key} as="th" scope="row">
                  {column.cell(row)}
                </TableCell>
              ) : (
                <TableCell key={column.key} className={numericClass(column)}>
                  {column.cell(row)}
                </TableCell>
              ),
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
