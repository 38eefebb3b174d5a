import type { ReportFiguresDto } from '@portal/shared/reports/reports.schema';
import { durationWords, type DurationPart } from '../../../lib/duration.ts';
import type { CsvCell } from '../../../lib/csv.ts';
import type { Measure } from './report-measures.ts';

/** How the page says a value: numbers in the user's language, durations in words. */
export interface ValueWords {
  language: string;
  /** One part of a duration: "1 min", "20 s". */
  durationPart: (part: DurationPart) => string;
  /** A duration above 0 and under a second (a whole-second "0 s" would read as none). */
  underSecond: string;
  /** No value: nothing to divide by, no duration. */
  none: string;
}

/** "1 min 20 s"; "< 1 s" under a second. */
export function durationText(ms: number, words: Pick<ValueWords, 'durationPart' | 'underSecond'>): string {
  return ms > 0 && ms < 1_000 ? words.underSecond : durationWords(ms, words.durationPart);
}

/** A measure's value as the page shows it: "1,234", "85.7 %", "1 min 20 s", "–". */
export function measureText(measure: Measure, figures: ReportFiguresDto, words: ValueWords): string {
  const value = measure.of(figures);
  if (value === null) return words.none;
  if (measure.kind === 'duration') return durationText(value, words);
  if (measure.kind === 'share') return new Intl.NumberFormat(words.language, { style: 'percent', maximumFractionDigits: 1 }).format(value);
  return new Intl.NumberFormat(words.language).format(value);
}

/**
 * A measure's value in a CSV cell, a number a spreadsheet reads whatever its language: a count as
 * it is, a share in percent to a tenth, a duration in seconds to the millisecond; empty for none.
 */
export function measureCell(measure: Measure, figures: ReportFiguresDto): CsvCell {
  const value = measure.of(figures);
  if (value === null) return null;
  if (measure.kind === 'share') return Math.round(value * 1_000) / 10;
  if (measure.kind === 'duration') return value / 1_000;
  return value;
}
