import { AUTOMATION_SETTINGS } from '../components/automation-settings-form.tsx';
import { SettingsSectionRoute } from '../../../ui/settings-section.tsx';

/** /settings/automation: throttle defaults and trigger menus; the settings layout keeps it closed while automation is off. */
export function AutomationSettingsRoute() {
  return <SettingsSectionRoute section={AUTOMATION_SETTINGS} />;
}
