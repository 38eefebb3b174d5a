import { object, string, type InferType } from 'yup';
import type { ActionState } from '../actions/action-states.ts';
import { serverMessages } from '../api/server-messages.ts';
import { isCalendarDate, list } from '../validation/fields.ts';
import { DASHBOARD_PANELS, type DashboardPanel, type DashboardTaskStatus, type ResponseCounts, type TaskStatusCounts } from './dashboard-keys.ts';

export * from './dashboard-keys.ts';

/**
 * The dashboard's API contract (issue 17, spec 000 §2; docs/decisions/0036-dashboard-data.md):
 * the actions, tasks and shifts panels the dashboard Lambda answers, and the custom dashboard's
 * panel setting. Shared by the dashboard Lambda, the portal's dashboard page and the route walks.
 */
export const DASHBOARD_MESSAGES = serverMessages('dashboard', {
  unknownPanel: 'Unknown dashboard panel',
  duplicatePanel: 'Each panel can be shown once',
  invalidDate: 'Date must be a date like 2026-11-23',
});

/** The actions panel lists the most recently sent actions, this many (one Query). */
export const DASHBOARD_ACTIONS_LIMIT = 50;

/** A panel name is short; anything longer is not a panel (type and length checked before oneOf). */
const PANEL_NAME_MAX = 20;

/** PUT /settings/dashboard: the custom dashboard's panels, ordered, each at most once. */
export const dashboardSettingsSchema = object({
  panels: list(
    string()
      .strict()
      .typeError(DASHBOARD_MESSAGES.unknownPanel)
      .max(PANEL_NAME_MAX, DASHBOARD_MESSAGES.unknownPanel)
      .oneOf([...DASHBOARD_PANELS], DASHBOARD_MESSAGES.unknownPanel)
      .required(DASHBOARD_MESSAGES.unknownPanel),
    DASHBOARD_PANELS.length,
    'Panels',
  )
    .strict()
    .typeError('Panels must be a list')
    .required('Panels is required')
    .test('unique-panels', DASHBOARD_MESSAGES.duplicatePanel, (panels) => !panels || new Set(panels).size === panels.length),
});
export type DashboardSettingsInput = InferType<typeof dashboardSettingsSchema>;

/** ?date=YYYY-MM-DD of the tasks and shifts panels; absent: today in the organisation's time zone. */
export const dashboardDateQuerySchema = object({
  date: string()
    .strict()
    .typeError(DASHBOARD_MESSAGES.invalidDate)
    .max(10, DASHBOARD_MESSAGES.invalidDate)
    .test('calendar-date', DASHBOARD_MESSAGES.invalidDate, (value) => value === undefined || isCalendarDate(value))
    .optional(),
});

export interface DashboardActionDto {
  id: string;
  name: string;
  /** The action state the actions list shows. */
  state: ActionState;
  sent_at: string;
  /** 1-based escalation group reached. */
  step: number;
  /** Number of recipient groups (escalation steps). */
  steps: number;
  recipient_count: number;
  counts: ResponseCounts;
  /** Integers summing to 100, or all 0 when nobody was asked (largest remainder). */
  percentages: ResponseCounts;
  /** Milliseconds from the send to the first accept; null while nobody accepted. */
  first_accept_ms: number | null;
}

export interface DashboardActionsDto {
  /** Open first, then newest first. */
  items: DashboardActionDto[];
  totals: ResponseCounts;
  percentages: ResponseCounts;
}

export interface DashboardTaskDto {
  id: string;
  title: string;
  status: DashboardTaskStatus;
  start_at: string;
  end_at: string;
  recipient_count: number;
  completed_count: number;
  declined_count: number;
  /** 0..100, integer. */
  completion_percent: number;
  checklist: { checked: number; total: number } | null;
}

export interface DashboardTasksDto {
  /** YYYY-MM-DD in the organisation's time zone. */
  date: string;
  /** Overdue first, then ongoing, scheduled, all_declined, completed; by start within each. */
  items: DashboardTaskDto[];
  statuses: TaskStatusCounts;
  /** Completed recipients' share over all tasks of the day, integer 0..100. */
  overall_percent: number;
}

export interface DashboardShiftDto {
  shift_id: string;
  user_id: string;
  name: string;
  start_at: string;
  end_at: string;
  activities: { activity_type_id: string; start_at: string; end_at: string }[];
}

export interface DashboardShiftsDto {
  date: string;
  /** Published shifts running on that date. */
  items: DashboardShiftDto[];
}

export type DashboardSettingsDto = {
  panels: DashboardPanel[];
};
