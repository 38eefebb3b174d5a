import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv } from './csv.ts';

describe('CSV for spreadsheets (RFC 4180, Excel)', () => {
  it('starts with the byte-order mark and ends every row with CRLF', () => {
    expect(toCsv([['a', 'b'], ['1', '2']])).toBe(`${CSV_BOM}a,b\r\n1,2\r\n`);
    expect(toCsv([])).toBe(CSV_BOM);
  });

  it('quotes a cell with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('Berg, Anna')).toBe('"Berg, Anna"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Grüße ✓')).toBe('Grüße ✓');
  });

  it('writes null and undefined as empty cells, numbers as they are', () => {
    expect(toCsv([[null, undefined, 0, -1.5, '']])).toBe(`${CSV_BOM},,0,-1.5,\r\n`);
  });

  it.each(['=1+1', '+49 30', '-2', '@SUM(A1)', '\tx', '\rx'])('keeps %j from running as a formula', (value) => {
    expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('guards a formula before quoting it', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('-1,5')).toBe('"\'-1,5"');
  });

  it('reads back, row by row and cell by cell, through a parser of RFC 4180', () => {
    const rows = [
      ['time', 'before', 'after'],
      ['2026-11-29T18:04:05+01:00', 'a "quoted", value', 'line\r\nbreak'],
    ];
    expect(parse(toCsv(rows).slice(CSV_BOM.length))).toEqual(rows);
  });
});

/** A small RFC 4180 reader, enough to prove the writer's quoting round-trips. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted) {
      if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',' || (char === '\r' && text[i + 1] === '\n')) {
      row.push(cell);
      cell = '';
      if (char === '\r') {
        rows.push(row);
        row = [];
        i++;
      }
    } else {
      cell += char;
    }
  }
  return rows;
}
