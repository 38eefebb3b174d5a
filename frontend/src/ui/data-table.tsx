import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import './components.css';
import './ui.css';
import '@aws-amplify/ui-react/styles/table.css';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<T>[];
  rows: readonly T[];
}

/** A list page's table (spec 001 §2): a header row, then a row per item, highlighted on hover. */
export function DataTable<T extends { id: string }>({ label, columns, rows }: DataTableProps<T>) {
  return (
    <Table className="data-table" highlightOnHover size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.key} as="th">
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            {columns.map((column) => (
              <TableCell key={column.key}>{column.cell(row)}</TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
