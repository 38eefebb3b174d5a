import { LaterRelease } from '../../../ui/later-release.tsx';

/** Automation and watch settings arrive with their modules. */
export function SettingsTabRoute() {
  return <LaterRelease title="" showTitle={false} />;
}
