import { FEATURE_KEYS, FEATURES, type FeatureKey } from './features.ts';
import { ANY_ROLE, MANAGER_ROLES, hasAnyRole, type Role } from './roles.ts';

/** The setup pages (spec 000 §2: setup with users, devices, settings). */
export const SETUP_AREAS = ['users', 'devices', 'settings'] as const;
export type SetupArea = (typeof SETUP_AREAS)[number];

/** The areas of the shell: the feature modules, the setup pages and the knowledge centre. */
export type Area = FeatureKey | SetupArea | 'help';
export const AREAS: readonly Area[] = [...FEATURE_KEYS, ...SETUP_AREAS, 'help'];

/**
 * THE rule of which role uses which area. The sidebar, the landing route, the route guards and the
 * access-level catalogue read it; the route table's policies must agree with it (a test walks every
 * route and every role). A feature's roles are its row in FEATURES (features.ts), so a module is
 * named there once; everyone uses the knowledge centre, setup is for managers (spec 001 §6).
 * Feature flags come on top of this.
 */
export const AREA_ROLES: Readonly<Record<Area, readonly Role[]>> = {
  ...(Object.fromEntries(FEATURE_KEYS.map((key) => [key, FEATURES[key].roles])) as Record<FeatureKey, readonly Role[]>),
  users: MANAGER_ROLES,
  devices: MANAGER_ROLES,
  settings: MANAGER_ROLES,
  help: ANY_ROLE,
};

/** Whether someone holding these roles may use the area at all (flags aside). */
export function mayUseArea(roles: readonly Role[], area: Area): boolean {
  return hasAnyRole(roles, AREA_ROLES[area]);
}

/** The feature modules a role uses, in sidebar order (the access levels' feature lists). */
export function featuresOfRole(role: Role): FeatureKey[] {
  return FEATURE_KEYS.filter((key) => AREA_ROLES[key].includes(role));
}

export function isSetupArea(area: string): area is SetupArea {
  return (SETUP_AREAS as readonly string[]).includes(area);
}
