import type { ReportFiguresDto, ReportName } from '@portal/shared/reports/reports.schema';

/**
 * What the page shows of a report's figures (decision 0087's definitions, the comment of
 * shared/src/reports/report-definitions.ts): counts as the counters are, rates as one counter over
 * another, durations as the API's exact median and 90th percentile (ms). One list per report and
 * table, read by the summary, the tables and their CSV, so the three cannot differ.
 */
export type MeasureKind = 'count' | 'share' | 'duration';

export interface Measure {
  /** Its name in the strings (`measures.<key>`) and the CSV's header. */
  key: string;
  kind: MeasureKind;
  /** The value; null where there is nothing to divide by or no duration. */
  of: (figures: ReportFiguresDto) => number | null;
}

const counter = (figures: ReportFiguresDto, name: string) => figures.counters[name] ?? 0;

/** A counter as it is. */
const count = (key: string, name = key): Measure => ({ key, kind: 'count', of: (figures) => counter(figures, name) });

/** One counter over another (0 to 1); null over nothing. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}
const share = (key: string, part: string, whole: string): Measure => ({ key, kind: 'share', of: (figures) => ratio(counter(figures, part), counter(figures, whole)) });

const median = (key: string): Measure => ({ key, kind: 'duration', of: (figures) => figures.median_ms });
const p90 = (key: string): Measure => ({ key, kind: 'duration', of: (figures) => figures.p90_ms });

// Actions: sent (withdrawn ones left out), accepted over sent, time from the send to the first accept, escalated and expired over sent.
const ACTIONS: readonly Measure[] = [
  count('sent', 'n'),
  share('acceptanceRate', 'acc', 'n'),
  median('acceptMedian'),
  p90('acceptP90'),
  share('escalatedShare', 'esc', 'n'),
  share('expiredShare', 'exp', 'n'),
];

// Tasks, by the day they are due: on time over due, overdue (late or still open), lateness of the late ones, every recipient declined.
const TASKS_SUMMARY: readonly Measure[] = [share('onTimeRate', 'ontime', 'n'), count('overdue'), median('latenessMedian'), count('allDeclined', 'decl')];
const TASKS: readonly Measure[] = [count('due', 'n'), share('onTimeRate', 'ontime', 'n'), count('overdue'), count('late'), median('latenessMedian'), count('allDeclined', 'decl')];
/** A checklist item: the tasks due with it, and those it was not ticked in by their due time. */
const CHECKLIST: readonly Measure[] = [count('unticked', 'unt'), count('dueWithItem', 'n'), share('untickedShare', 'unt', 'n')];
/** A person: completions, those on time, declines. */
export const PERSON_MEASURES: readonly Measure[] = [count('completed', 'done'), count('completedOnTime', 'ontime'), share('onTimeRate', 'ontime', 'done'), count('declined', 'decl')];

// Notifications, by the day of the send: read within 7 days over delivered, send to read.
const NOTIFICATIONS: readonly Measure[] = [count('sent', 'n'), count('delivered', 'dlv'), count('read'), share('readRate', 'read', 'dlv'), median('readMedian')];
const NOTIFICATIONS_SUMMARY: readonly Measure[] = [count('sent', 'n'), share('readRate', 'read', 'dlv'), median('readMedian')];

// Automation, by the day of the firing: firings, throttled presses, failures, firing to the first accept of an action it made.
const AUTOMATION: readonly Measure[] = [count('fired'), count('throttled', 'thr'), count('failed', 'fail'), median('responseMedian'), p90('responseP90')];

/** The headline figures of a report's whole range. */
export const SUMMARY_MEASURES: Record<ReportName, readonly Measure[]> = {
  actions: ACTIONS,
  tasks: TASKS_SUMMARY,
  notifications: NOTIFICATIONS_SUMMARY,
  automation: AUTOMATION,
};

/** The columns of a report's table of one dimension. */
export function tableMeasures(report: ReportName, dimension: string): readonly Measure[] {
  if (report === 'tasks' && dimension === 'CHECK') return CHECKLIST;
  return { actions: ACTIONS, tasks: TASKS, notifications: NOTIFICATIONS, automation: AUTOMATION }[report];
}

/**
 * The day chart of a report, where it has one (issue 32: the actions' time to first accept, the
 * automation's firings and response time), each a measure per day; its table alternative is the
 * by-day table of the same measures.
 */
export interface DayChart {
  key: string;
  shape: 'line' | 'bars';
  measure: Measure;
}

export const DAY_CHARTS: Partial<Record<ReportName, readonly DayChart[]>> = {
  actions: [{ key: 'acceptPerDay', shape: 'line', measure: median('acceptMedian') }],
  automation: [
    { key: 'firingsPerDay', shape: 'bars', measure: count('fired') },
    { key: 'responsePerDay', shape: 'line', measure: median('responseMedian') },
  ],
};

/** The columns of the by-day table: the report's table measures (the chart's among them). */
export const dayMeasures = (report: ReportName): readonly Measure[] => tableMeasures(report, 'ALL');
