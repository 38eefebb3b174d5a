import { DEFAULT_AUTOMATION_SETTINGS } from '@portal/shared/automation/automation.schema';
import { AutomationSettingsEntity } from './automation-settings.entity.ts';

/** The throttle a new trigger starts with (spec 001 §9). */
export interface ThrottleDefaults {
  throttle_enabled: boolean;
  throttle_threshold: number;
}

// AP5: the section row, or the defaults.
export async function readThrottleDefaults(orgId: string): Promise<ThrottleDefaults> {
  const { data } = await AutomationSettingsEntity.get({ orgId }).go();
  if (!data) return { throttle_enabled: DEFAULT_AUTOMATION_SETTINGS.throttle_enabled, throttle_threshold: DEFAULT_AUTOMATION_SETTINGS.throttle_threshold };
  return { throttle_enabled: data.throttleEnabled, throttle_threshold: data.throttleThreshold };
}

// AP7: the section is replaced as a whole.
export async function writeThrottleDefaults(orgId: string, defaults: ThrottleDefaults, now: Date): Promise<void> {
  await AutomationSettingsEntity.put({ orgId, throttleEnabled: defaults.throttle_enabled, throttleThreshold: defaults.throttle_threshold, updatedAt: now.toISOString() }).go();
}
