import type { ActionState } from '@portal/shared/actions/action-states';
import type { FiringOutcome } from '@portal/shared/automation/automation.schema';
import type { TaskStatusName } from '@portal/shared/tasks/task-states';
import type { StatusTone } from './status-chip.tsx';

/** An action state's chip by meaning: open waits (info), fulfilled succeeded, expired ran out, rejected failed, withdrawn is a plain fact. */
export const ACTION_STATE_TONES: Record<ActionState, StatusTone> = { open: 'info', fulfilled: 'success', expired: 'warning', rejected: 'danger', withdrawn: 'neutral' };

/** A task status's chip by meaning: scheduled waits, ongoing runs, overdue warns, completed succeeded, all_declined failed. */
export const TASK_STATUS_TONES: Record<TaskStatusName, StatusTone> = {
  draft: 'neutral',
  scheduled: 'info',
  ongoing: 'primary',
  overdue: 'warning',
  completed: 'success',
  all_declined: 'danger',
};

/** A trigger firing's outcome: fired succeeded, throttled (inside the window, answered but nothing made) warns, failed failed. */
export const FIRING_OUTCOME_TONES: Record<FiringOutcome, StatusTone> = { fired: 'success', throttled: 'warning', failed: 'danger' };
