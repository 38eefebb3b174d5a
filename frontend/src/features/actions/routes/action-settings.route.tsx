import { ACTION_SETTINGS } from '../components/action-settings-form.tsx';
import { SettingsSectionRoute } from '../../../ui/settings-section.tsx';

/** /settings/actions: the organisation's action time-outs (the defaults until it saves its own). */
export function ActionSettingsRoute() {
  return <SettingsSectionRoute section={ACTION_SETTINGS} />;
}
