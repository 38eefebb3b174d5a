import { WATCH_SETTINGS } from '../components/watch-settings-form.tsx';
import { SettingsSectionRoute } from '../../../ui/settings-section.tsx';

/** /settings/watch: what every watch of the organisation does with a message (the defaults until it saves its own). */
export function WatchSettingsRoute() {
  return <SettingsSectionRoute section={WATCH_SETTINGS} />;
}
