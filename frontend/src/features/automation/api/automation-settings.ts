import type { AutomationSettings } from '@portal/shared/automation/automation.schema';
import { settingsResource } from '../../../lib/resource-api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

/**
 * GET settings/automation (managers, feature automation): the throttle defaults a new trigger starts
 * with and the trigger menus. PUT (managers): the settings page; the trigger-menu fields are stored
 * in general settings, which the users form reads, so those are refetched too.
 */
const automationSettings = settingsResource<AutomationSettings>()({
  module: 'automation',
  key: orgDataKeys.automationSettings,
  get: 'getAutomationSettings',
  update: 'updateAutomationSettings',
  staleTime: 60_000,
  alsoRefreshes: (orgId) => [orgDataKeys.generalSettings(orgId)],
});

export const automationSettingsQueryOptions = automationSettings.settingsQueryOptions;
export const useAutomationSettings = automationSettings.useSettings;
export const useSaveAutomationSettings = automationSettings.useSave;
