import type { ActionSettings } from '@portal/shared/actions/action.schema';
import { settingsResource } from '../../../lib/resource-api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';

/** GET settings/actions: the organisation's time-out options and default (the action form offers them); PUT (managers): the settings page. */
const actionSettings = settingsResource<ActionSettings>()({
  module: 'actions',
  key: orgDataKeys.actionSettings,
  get: 'getActionSettings',
  update: 'updateActionSettings',
  staleTime: 60_000,
});

export const actionSettingsQueryOptions = actionSettings.settingsQueryOptions;
export const useActionSettings = actionSettings.useSettings;
export const useSaveActionSettings = actionSettings.useSave;
