/**
 * What each report reads (decision 0087, issue 32): its fact kinds, their rollup dimensions and
 * counters. The modules' fact mappings (`functions/src/<module>/report-fact.ts`) write exactly these
 * names; the reports service reads them; the page and the CSV name them. One table, so the three
 * cannot drift.
 */

export const REPORTS = ['actions', 'tasks', 'notifications', 'automation'] as const;
export type ReportName = (typeof REPORTS)[number];

/** The reports kit's kinds of fact (the `kind` segment of facts and rollups). */
export const FACT_KINDS = {
  action: 'ACTION',
  task: 'TASK',
  taskAnswer: 'TASKANSWER',
  notification: 'NOTIF',
  firing: 'FIRING',
} as const;
export type FactKind = (typeof FACT_KINDS)[keyof typeof FACT_KINDS];

/**
 * One report: the kind its day chart and tables read, the dimensions shown as tables (besides
 * `ALL`, read per day for the totals and the chart), the counters its figures use, and whether its
 * durations are shown (median and 90th percentile, ms).
 *
 * Counters (every fact contributes 0 or 1 to each, except where said):
 * - ACTION: `n` sent (not withdrawn), `acc` accepted (has a first accept), `esc` asked beyond its
 *   first step, `exp` expired, `rej` rejected, `wd` withdrawn. Durations: send → first accept.
 * - TASK (day: the local day it is due): `n` due (its due time passed, or completed), `ontime`
 *   completed by its due time, `overdue` not completed by its due time (late or still open), `late`
 *   completed after its due time, `decl` every recipient declined. Durations: lateness of the late
 *   completions (due → completed).
 *   Dimension `CHECK`: value the checklist item's label; `n` tasks due with the item, `unt` not
 *   ticked by the due time.
 * - TASKANSWER (per person and task; day: the task's due day): dimension `PERSON` (user id), `done`
 *   completed by the person, `ontime` of those by the due time, `decl` declined by the person.
 * - NOTIF (day: the local day of its send): `n` notifications sent, `dlv` recipients delivered to,
 *   `read` of those, read within 7 days. Durations: send → read (ms), per read.
 * - FIRING (day: the local day of the firing): `fired`, `thr` throttled, `fail` failed, `resp`
 *   firings whose created actions were accepted. Durations: firing → the first accept of an action
 *   it created.
 */
export interface ReportDefinition {
  kind: FactKind;
  tables: readonly string[];
  counters: readonly string[];
  durations: boolean;
}

export const REPORT_DEFINITIONS = {
  actions: { kind: 'ACTION', tables: ['TEMPLATE', 'TRIGGER', 'GROUP', 'HOUR'], counters: ['n', 'acc', 'esc', 'exp', 'rej', 'wd'], durations: true },
  tasks: { kind: 'TASK', tables: ['TEMPLATE', 'ACTIVITY', 'CHECK'], counters: ['n', 'ontime', 'overdue', 'late', 'decl', 'unt'], durations: true },
  notifications: { kind: 'NOTIF', tables: ['TEMPLATE', 'GROUP'], counters: ['n', 'dlv', 'read'], durations: true },
  automation: { kind: 'FIRING', tables: ['TRIGGER'], counters: ['fired', 'thr', 'fail', 'resp'], durations: true },
} as const satisfies Record<ReportName, ReportDefinition>;

/** The by-person table of the tasks report, read on demand (it grows with the staff). */
export const PERSON_DEFINITION = { kind: 'TASKANSWER', dimension: 'PERSON', counters: ['done', 'ontime', 'decl'] } as const;

/** Ranges: the presets, and a custom range of at most this many days (facts are kept 400 days). */
export const REPORT_PRESET_DAYS = [7, 30, 90] as const;
export const REPORT_RANGE_MAX_DAYS = 366;

/** A page of raw rows for the CSV (GET /reports/{report}/rows `limit`); here, without yup, as the page asks for the largest. */
export const REPORT_ROWS_PAGE_DEFAULT = 500;
export const REPORT_ROWS_PAGE_MAX = 1000;
