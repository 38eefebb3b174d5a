import { SETUP_AREAS, mayUseArea } from '@portal/shared/tenancy/areas';
import { FEATURE_KEYS, FEATURE_ROUTES, isFeatureHidden, type FeatureKey } from '@portal/shared/tenancy/features';
import { isFeatureAvailable } from '@portal/shared/tenancy/landing-route';
import type { AccessInput, SetupArea } from '../../lib/access.ts';
import { orgPaths } from '../../lib/paths.ts';

export type SidebarLinkKey = FeatureKey | SetupArea | 'help';

export interface SidebarLink {
  kind: 'link';
  key: SidebarLinkKey;
  route: string;
  /** 'disable' (or a dashboard entry without dashboards): shown, but not a link. */
  enabled: boolean;
}

export interface SidebarGroup {
  kind: 'group';
  key: 'setup';
  children: SidebarLink[];
}

export type SidebarEntry = SidebarLink | SidebarGroup;

const SETUP_ROUTES: Record<SetupArea, string> = { users: orgPaths.users, devices: orgPaths.devices, settings: orgPaths.settings };

/**
 * Spec 000 §2: dashboard, shift planner, notifications, tasks, actions, automation, setup (users,
 * devices, settings), knowledge centre. 'disable-and-hide' features are left out, 'disable' ones are
 * shown disabled, the dashboard is enabled only with a dashboard. Areas the role may not use (the
 * rule of shared/src/tenancy/areas.ts) are left out: assistants get no automation or setup,
 * employees only their tasks and the knowledge centre.
 */
export function sidebarEntries(input: AccessInput): SidebarEntry[] {
  const features: SidebarLink[] = FEATURE_KEYS.filter((key) => mayUseArea(input.roles, key) && !isFeatureHidden(input.flags, key)).map(
    (key) => ({ kind: 'link', key, route: FEATURE_ROUTES[key], enabled: isFeatureAvailable(key, input) }),
  );
  const setupLinks: SidebarLink[] = SETUP_AREAS.filter((area) => mayUseArea(input.roles, area)).map((area) => ({
    kind: 'link',
    key: area,
    route: SETUP_ROUTES[area],
    enabled: true,
  }));
  const setup: SidebarEntry[] = setupLinks.length ? [{ kind: 'group', key: 'setup', children: setupLinks }] : [];
  const help: SidebarEntry[] = mayUseArea(input.roles, 'help') ? [{ kind: 'link', key: 'help', route: orgPaths.help, enabled: true }] : [];
  return [...features, ...setup, ...help];
}

/** Dashboard is also active for '/', '/dashboard/tasks' and '/dashboard/actions'; others by prefix. */
export function isLinkActive(route: string, pathInOrg: string): boolean {
  if (route === orgPaths.dashboard && pathInOrg === '/') return true;
  return pathInOrg === route || pathInOrg.startsWith(`${route}/`);
}
