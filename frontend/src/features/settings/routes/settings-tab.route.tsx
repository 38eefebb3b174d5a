import { LaterRelease } from '../../../ui/later-release.tsx';

/** Shift planner, tasks, automation and watch settings arrive with their modules. */
export function SettingsTabRoute() {
  return <LaterRelease title="" showTitle={false} />;
}
