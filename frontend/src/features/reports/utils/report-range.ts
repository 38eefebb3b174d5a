import { REPORT_PRESET_DAYS, REPORT_RANGE_MAX_DAYS } from '@portal/shared/reports/report-definitions';
import { addDays } from '@portal/shared/shifts/iso-week';
import { isCalendarDate } from '@portal/shared/validation/calendar-date';

/**
 * The reports' range, kept in the page's query so a reload or a shared link shows the same days:
 * `range` a preset (the last 7, 30 or 90 days to today, the organisation's) or `custom` with
 * `from` and `to`. What is missing or malformed is the default preset.
 */
export type RangePreset = (typeof REPORT_PRESET_DAYS)[number];
export type RangeChoice = `${RangePreset}` | 'custom';

export interface ReportRange {
  choice: RangeChoice;
  /** The organisation's days, both included ('YYYY-MM-DD'). */
  from: string;
  to: string;
}

export const DEFAULT_PRESET: RangePreset = 30;
export const RANGE_CHOICES: readonly RangeChoice[] = [...REPORT_PRESET_DAYS.map((days): RangeChoice => `${days}`), 'custom'];

const PARAMS = { choice: 'range', from: 'from', to: 'to' } as const;
const isChoice = (value: string | null): value is RangeChoice => (RANGE_CHOICES as readonly (string | null)[]).includes(value);

/** The last `days` days to today, both included. */
export const presetRange = (days: RangePreset, today: string): ReportRange => ({ choice: `${days}`, from: addDays(today, 1 - days), to: today });

/** The range a query string names: a preset, or a custom range of two real days (else the default preset). */
export function reportRangeOf(params: URLSearchParams, today: string): ReportRange {
  const choice = params.get(PARAMS.choice);
  if (choice === 'custom') {
    const [from, to] = [params.get(PARAMS.from) ?? '', params.get(PARAMS.to) ?? ''];
    if (isCalendarDate(from) && isCalendarDate(to)) return { choice, from, to };
  }
  return presetRange(isChoice(choice) && choice !== 'custom' ? (Number(choice) as RangePreset) : DEFAULT_PRESET, today);
}

/**
 * The query string with the range: a preset names only itself (it moves with today), a custom range
 * its two days. Other parameters (the report's tab) are kept.
 */
export function withReportRange(params: URLSearchParams, range: ReportRange): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(PARAMS.choice, range.choice);
  if (range.choice === 'custom') {
    next.set(PARAMS.from, range.from);
    next.set(PARAMS.to, range.to);
  } else {
    next.delete(PARAMS.from);
    next.delete(PARAMS.to);
  }
  return next;
}

/** How many days the range spans, both included (0 when reversed). */
export function daysIn({ from, to }: Pick<ReportRange, 'from' | 'to'>): number {
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return span < 0 ? 0 : span + 1;
}

/** Why the API would refuse a custom range (its own rules, shared/src/reports/reports.schema.ts), so the page says so before asking. */
export function rangeProblem(range: Pick<ReportRange, 'from' | 'to'>): 'reversed' | 'tooLong' | undefined {
  if (range.from > range.to) return 'reversed';
  if (daysIn(range) > REPORT_RANGE_MAX_DAYS) return 'tooLong';
  return undefined;
}

/** The GET query of the range (the API's names). */
export const rangeQuery = ({ from, to }: Pick<ReportRange, 'from' | 'to'>) => ({ from, to });
