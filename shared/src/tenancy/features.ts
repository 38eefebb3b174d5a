import { ANY_ROLE, MANAGER_ROLES, SENDER_ROLES, type Role } from './roles.ts';

/** Feature keys, in sidebar order (spec 000 section 2). */
export const FEATURE_KEYS = ['dashboard', 'shift_planner', 'notifications', 'tasks', 'actions', 'automation', 'reports'] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** 'disable-and-hide' is the spec's "disable and hide": the entry is gone from the sidebar. */
export const FEATURE_FLAG_VALUES = ['enable', 'disable', 'disable-and-hide'] as const;
export type FeatureFlag = (typeof FEATURE_FLAG_VALUES)[number];

export type FeatureFlags = Record<FeatureKey, FeatureFlag>;

/**
 * One row per feature (issue 29, decision 0072): the route it lands on (the spec's path) and who
 * uses its area, the feature's part of THE role rule (AREA_ROLES in areas.ts, assembled from these
 * rows and the setup areas'). Employees are the recipients: they see their tasks (checklists
 * read-only, spec 000 §1, §6); senders (assistants) add the communication modules; automation is
 * for managers (spec 001 §6), and so are reports (decision 0087: admins and superadmins).
 */
export const FEATURES: Readonly<Record<FeatureKey, { route: string; roles: readonly Role[] }>> = {
  dashboard: { route: '/dashboard', roles: SENDER_ROLES },
  shift_planner: { route: '/schedule', roles: SENDER_ROLES },
  notifications: { route: '/notifications', roles: SENDER_ROLES },
  tasks: { route: '/tasks', roles: ANY_ROLE },
  actions: { route: '/actions', roles: SENDER_ROLES },
  automation: { route: '/automation', roles: MANAGER_ROLES },
  reports: { route: '/reports', roles: MANAGER_ROLES },
};

const perFeature = <T>(value: (key: FeatureKey) => T) => Object.fromEntries(FEATURE_KEYS.map((key) => [key, value(key)])) as Record<FeatureKey, T>;

/** The route each feature lands on. */
export const FEATURE_ROUTES: Record<FeatureKey, string> = perFeature((key) => FEATURES[key].route);

/** A new organisation starts with every feature on; operators switch them in settings. */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = perFeature((): FeatureFlag => 'enable');

export function isFeatureEnabled(flags: Partial<FeatureFlags>, key: FeatureKey): boolean {
  return (flags[key] ?? DEFAULT_FEATURE_FLAGS[key]) === 'enable';
}

export function isFeatureHidden(flags: Partial<FeatureFlags>, key: FeatureKey): boolean {
  return (flags[key] ?? DEFAULT_FEATURE_FLAGS[key]) === 'disable-and-hide';
}

/** Fills missing keys with defaults, so stored partial settings always read as a full set. */
export function withDefaultFlags(flags: Partial<FeatureFlags> | undefined): FeatureFlags {
  return { ...DEFAULT_FEATURE_FLAGS, ...(flags ?? {}) };
}
