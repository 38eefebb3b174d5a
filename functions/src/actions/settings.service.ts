import type { ActionSettings } from '@portal/shared/actions/action.schema';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { readActionSettings, writeActionSettings } from './action-settings.repository.ts';

/** The organisation's time-out options and default (`/settings/actions`), or the defaults (decision 0026). */
export const getSettings = (orgId: string): Promise<ActionSettings> => readActionSettings(orgId);

/** Replaces them; the schema already holds the default to one of the options. Duplicates are dropped, the order kept. */
export async function updateSettings(orgId: string, input: ActionSettings, actor: AuditActor, now = new Date()): Promise<ActionSettings> {
  const before = await readActionSettings(orgId);
  const settings: ActionSettings = { forward_after_options: [...new Set(input.forward_after_options)], forward_after_default: input.forward_after_default };
  await writeActionSettings(orgId, settings, now);
  await recordChange(orgId, actor, settingsChange('actions', before, settings));
  return settings;
}
