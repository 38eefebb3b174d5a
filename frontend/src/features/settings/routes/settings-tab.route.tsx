import { LaterRelease } from '../../../ui/later-release.tsx';

/** Shift planner, tasks, actions, automation, watch and tablet settings arrive with their modules. */
export function SettingsTabRoute() {
  return <LaterRelease title="" showTitle={false} />;
}
