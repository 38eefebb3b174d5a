import { FEATURE_KEYS, FEATURE_ROUTES, isFeatureHidden, type FeatureKey } from '@portal/shared/tenancy/features';
import { MANAGER_ONLY_FEATURES, isFeatureAvailable } from '@portal/shared/tenancy/landing-route';
import { isManager, type AccessInput, type SetupArea } from '../../lib/access.ts';
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

const SETUP_LINKS: SidebarLink[] = [
  { kind: 'link', key: 'users', route: orgPaths.users, enabled: true },
  { kind: 'link', key: 'devices', route: orgPaths.devices, enabled: true },
  { kind: 'link', key: 'settings', route: orgPaths.settings, enabled: true },
];

/**
 * Spec 000 §2: dashboard, shift planner, notifications, tasks, actions, automation, setup (users,
 * devices, settings), knowledge centre. 'disable-and-hide' features are left out, 'disable' ones are
 * shown disabled, the dashboard is enabled only with a dashboard; assistants get no automation or setup.
 */
export function sidebarEntries(input: AccessInput): SidebarEntry[] {
  const manager = isManager(input.roles);
  const features: SidebarLink[] = FEATURE_KEYS.filter((key) => !isFeatureHidden(input.flags, key))
    .filter((key) => manager || !MANAGER_ONLY_FEATURES.includes(key))
    .map((key) => ({ kind: 'link', key, route: FEATURE_ROUTES[key], enabled: isFeatureAvailable(key, input) }));
  const setup: SidebarEntry[] = manager ? [{ kind: 'group', key: 'setup', children: SETUP_LINKS }] : [];
  return [...features, ...setup, { kind: 'link', key: 'help', route: orgPaths.help, enabled: true }];
}

/** Dashboard is also active for '/', '/dashboard/tasks' and '/dashboard/actions'; others by prefix. */
export function isLinkActive(route: string, pathInOrg: string): boolean {
  if (route === orgPaths.dashboard && pathInOrg === '/') return true;
  return pathInOrg === route || pathInOrg.startsWith(`${route}/`);
}
