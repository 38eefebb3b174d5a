import { AUTO_FORWARD_DEFAULT_SECONDS } from '@portal/shared/constants';
import type { ActionSettings } from '@portal/shared/actions/action.schema';
import { ActionSettingsEntity } from './action-settings.entity.ts';

/**
 * What an organisation has until it saves its own (decision 0026): from 10 s to 10 min, default
 * 30 s (spec 000 §9's "otherwise"; the "medium" 10 s is one of the options).
 */
export const DEFAULT_ACTION_SETTINGS: ActionSettings = {
  forward_after_options: [10, 30, 60, 120, 300, 600],
  forward_after_default: AUTO_FORWARD_DEFAULT_SECONDS.other,
};

// AP5: the section row, or the defaults.
export async function readActionSettings(orgId: string): Promise<ActionSettings> {
  const { data } = await ActionSettingsEntity.get({ orgId }).go();
  if (!data) return { ...DEFAULT_ACTION_SETTINGS, forward_after_options: [...DEFAULT_ACTION_SETTINGS.forward_after_options] };
  return { forward_after_options: data.forwardAfterOptions, forward_after_default: data.forwardAfterDefault };
}

// AP7: the section is replaced as a whole (two values, no list merged from elsewhere).
export async function writeActionSettings(orgId: string, settings: ActionSettings, now: Date): Promise<void> {
  await ActionSettingsEntity.put({
    orgId,
    forwardAfterOptions: settings.forward_after_options,
    forwardAfterDefault: settings.forward_after_default,
    updatedAt: now.toISOString(),
  }).go();
}
