import { ValidationError } from 'yup';
import { automationSettingsSchema, THROTTLE_SECONDS, type AutomationSettings } from '@portal/shared/automation/automation.schema';

/** /settings/automation as the form holds it: the throttle defaults and the trigger menus. */
export interface AutomationSettingsFormValues {
  throttleEnabled: boolean;
  /** A select's value: whole seconds, 0 to 60 (spec 001 §9). */
  throttleSeconds: string;
  menusEnabled: boolean;
  /** The trigger groups users may have as their trigger menu, in the order chosen. */
  menuGroupIds: string[];
}

/** 'Min. Time Between Pushes' is selectable from 0 to 60 seconds (spec 001 §9). */
export const THROTTLE_CHOICES: readonly number[] = Array.from({ length: THROTTLE_SECONDS.max - THROTTLE_SECONDS.min + 1 }, (_, i) => THROTTLE_SECONDS.min + i);

export const toFormValues = (settings: AutomationSettings): AutomationSettingsFormValues => ({
  throttleEnabled: settings.throttle_enabled,
  throttleSeconds: String(settings.throttle_threshold),
  menusEnabled: settings.is_trigger_menus_enabled,
  menuGroupIds: [...settings.trigger_menus_trigger_group_ids],
});

export const toSettingsBody = (values: AutomationSettingsFormValues): AutomationSettings => ({
  throttle_enabled: values.throttleEnabled,
  throttle_threshold: Number(values.throttleSeconds),
  is_trigger_menus_enabled: values.menusEnabled,
  trigger_menus_trigger_group_ids: values.menuGroupIds,
});

/** The shared schema's rules (the server's), on the form's fields. */
export function validateAutomationSettings(values: AutomationSettingsFormValues): Partial<Record<keyof AutomationSettingsFormValues, string>> {
  try {
    automationSettingsSchema.validateSync(toSettingsBody(values), { abortEarly: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.path === 'throttle_threshold' ? { throttleSeconds: error.message } : { menuGroupIds: error.message };
  }
}

/** A group ticked on joins the end of the list; ticked off leaves it. */
export function toggleGroup(ids: readonly string[], id: string, on: boolean): string[] {
  return on ? (ids.includes(id) ? [...ids] : [...ids, id]) : ids.filter((other) => other !== id);
}

export interface MenuGroupChoice {
  id: string;
  /** Absent for a listed group the organisation's trigger groups no longer name (shown by id, so it can be ticked off). */
  name?: string;
}

/** The organisation's trigger groups by name, then listed ids that are not among them. */
export function menuGroupChoices(known: readonly { id: string; name: string }[], listed: readonly string[]): MenuGroupChoice[] {
  const knownIds = new Set(known.map((group) => group.id));
  return [...known.map(({ id, name }) => ({ id, name })), ...[...new Set(listed)].filter((id) => !knownIds.has(id)).map((id) => ({ id }))];
}
