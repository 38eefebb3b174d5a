import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ReportDto, ReportRowDto, ReportTableRowDto } from '@portal/shared/reports/reports.schema';
import { CSV_BOM, toCsv } from '../../../lib/csv.ts';
import { csvFileName } from './csv-name.ts';
import { daysCsv, rawRowsCsv, tableCsv } from './report-csv.ts';
import { tableMeasures, type Measure } from './report-measures.ts';

type ReportDayDto = ReportDto['days'][number];

/** The file as a spreadsheet reads it: a parser of RFC 4180 (csv-parse), after the byte-order mark. */
function readBack(text: string): string[][] {
  expect(text.startsWith(CSV_BOM)).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return parse(text.slice(CSV_BOM.length), { record_delimiter: '\r\n', relax_column_count: false }) as string[][];
}

const header = (measure: Measure) => ({ count: measure.key, share: `${measure.key} (%)`, duration: `${measure.key} (s)` })[measure.kind];
const row = (key: string, name: string | null, counters: Record<string, number>, median_ms: number | null, p90_ms: number | null): ReportTableRowDto => ({
  key,
  name,
  counters,
  duration_count: counters.acc ?? 0,
  median_ms,
  p90_ms,
});

describe("a report table's CSV read back", () => {
  it('gives every name, key and figure back, cell by cell', () => {
    const rows = [
      row('t1', 'Spill, aisle "3"', { n: 7, acc: 6, esc: 1, exp: 1 }, 80_123, 301_000),
      row('t2', '=cmd()', { n: 2, acc: 0 }, null, null),
      row('-', null, { n: 1, acc: 1 }, 999, 999),
    ];
    const measures = tableMeasures('actions', 'TEMPLATE');
    const csv = toCsv(tableCsv({ name: 'Template', key: 'Id', measure: header }, measures, rows, (r) => r.name ?? 'No template'));
    expect(readBack(csv)).toEqual([
      ['Template', 'Id', 'sent', 'acceptanceRate (%)', 'acceptMedian (s)', 'acceptP90 (s)', 'escalatedShare (%)', 'expiredShare (%)'],
      ['Spill, aisle "3"', 't1', '7', '85.7', '80.123', '301', '14.3', '14.3'],
      // A name that would start a formula stays text.
      ["'=cmd()", 't2', '2', '0', '', '', '0', '0'],
      ['No template', '', '1', '100', '0.999', '0.999', '0', '0'],
    ]);
  });

  it('gives the days back', () => {
    const days: ReportDayDto[] = [
      { date: '2026-11-28', counters: { fired: 3, thr: 1 }, duration_count: 1, median_ms: 45_000, p90_ms: 45_000 },
      { date: '2026-11-29', counters: {}, duration_count: 0, median_ms: null, p90_ms: null },
    ];
    const csv = toCsv(daysCsv({ date: 'Day', measure: header }, tableMeasures('automation', 'ALL'), days));
    expect(readBack(csv)).toEqual([
      ['Day', 'fired', 'throttled', 'failed', 'responseMedian (s)', 'responseP90 (s)'],
      ['2026-11-28', '3', '1', '0', '45', '45'],
      ['2026-11-29', '0', '0', '0', '', ''],
    ]);
  });
});

describe("a report's raw rows as CSV read back", () => {
  const items: ReportRowDto[] = [
    {
      item_id: 'a1',
      instant: '2026-11-28T23:30:05.120Z',
      local_date: '2026-11-29',
      local_hour: 0,
      columns: { template_id: 't1', state: 'fulfilled', first_accept_ms: 80_123, send_time: '2026-11-28T23:30:05.120Z', note: 'two\r\nlines, "quoted"' },
    },
    { item_id: 'a2', instant: '2026-07-01T08:00:00.000Z', local_date: '2026-07-01', local_hour: 10, columns: { template_id: null, state: 'expired', first_accept_ms: null, extra: { a: [1] }, sent: true } },
  ];
  const headers = { itemId: 'Item id', instant: 'Time', date: 'Day', hour: 'Hour', column: (name: string) => `[${name}]` };

  it('gives each item back: its times in the organisation offset (standard and summer time), its columns, the union of them', () => {
    expect(readBack(toCsv(rawRowsCsv(headers, items, 'Europe/Berlin')))).toEqual([
      ['Item id', 'Time', 'Day', 'Hour', '[template_id]', '[state]', '[first_accept_ms]', '[send_time]', '[note]', '[extra]', '[sent]'],
      ['a1', '2026-11-29T00:30:05+01:00', '2026-11-29', '0', 't1', 'fulfilled', '80123', '2026-11-29T00:30:05+01:00', 'two\r\nlines, "quoted"', '', ''],
      ['a2', '2026-07-01T10:00:00+02:00', '2026-07-01', '10', '', 'expired', '', '', '', '{"a":[1]}', 'true'],
    ]);
  });

  it('names the file after the report, the table and the range', () => {
    expect(csvFileName('actions', 'TEMPLATE', { from: '2026-11-01', to: '2026-11-30' })).toBe('report-actions-template-2026-11-01_2026-11-30.csv');
  });
});
