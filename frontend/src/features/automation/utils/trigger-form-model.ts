import {
  THROTTLE_SECONDS,
  type AutomationSettings,
  type TriggerDto,
  type TriggerInput,
  type TriggerType,
  type WorkflowItem,
  type WorkflowItemType,
} from '@portal/shared/automation/automation.schema';
import { TRIGGER_SOURCE_TYPES } from '@portal/shared/constants';

/**
 * The trigger form's values are the API's shape (spec 001 §3), so the shared `triggerSchema`
 * validates the form as it validates the body: name, type (source), the ordered workflow,
 * metadata.is_external and the throttle.
 */
export type TriggerFormValues = TriggerInput;

export const TRIGGER_TYPES: readonly TriggerType[] = TRIGGER_SOURCE_TYPES;

/** 'Min. Time Between Pushes': every whole second from 0 to 60 (spec 001 §9). */
export const THROTTLE_CHOICES: readonly number[] = Array.from({ length: THROTTLE_SECONDS.max - THROTTLE_SECONDS.min + 1 }, (_, i) => THROTTLE_SECONDS.min + i);

/** A new trigger starts with the organisation's throttle defaults (/settings/automation); an edit with the trigger. */
export function toTriggerFormValues(trigger: TriggerDto | undefined, defaults: Pick<AutomationSettings, 'throttle_enabled' | 'throttle_threshold'>): TriggerFormValues {
  if (!trigger) {
    return {
      name: '',
      type: 'general',
      workflows: [],
      metadata: { is_external: false },
      is_throttling_enabled: defaults.throttle_enabled,
      throttle_duration_in_seconds: defaults.throttle_threshold,
    };
  }
  return {
    name: trigger.name,
    type: trigger.type,
    workflows: trigger.workflows.map(({ id, type }) => ({ id, type })),
    metadata: { is_external: trigger.metadata.is_external },
    is_throttling_enabled: trigger.is_throttling_enabled,
    throttle_duration_in_seconds: trigger.throttle_duration_in_seconds,
  };
}

/** POST/PUT triggers: the name trimmed; the throttle's seconds kept while it is off, so turning it on again restores them. */
export function toTriggerBody(values: TriggerFormValues): TriggerInput {
  return {
    name: values.name.trim(),
    type: values.type,
    workflows: values.workflows.map(({ id, type }) => ({ id, type })),
    metadata: { is_external: values.metadata.is_external },
    is_throttling_enabled: values.is_throttling_enabled,
    throttle_duration_in_seconds: Number(values.throttle_duration_in_seconds),
  };
}

/** A workflow item's key in lists: the same template may stand in a workflow once. */
export const workflowKey = (item: WorkflowItem) => `${item.type}:${item.id}`;

export const hasTemplate = (workflows: readonly WorkflowItem[], type: WorkflowItemType, id: string) => workflows.some((item) => item.type === type && item.id === id);

/** A task template edited in place is saved as a new template: its workflow item takes the new id, at the same place (spec 001 §4). */
export function replaceWorkflowId(workflows: readonly WorkflowItem[], index: number, id: string): WorkflowItem[] {
  return workflows.map((item, i) => (i === index ? { ...item, id } : item));
}
