/** Feature keys, in sidebar order (spec 000 section 2). */
export const FEATURE_KEYS = ['dashboard', 'shift_planner', 'notifications', 'tasks', 'actions', 'automation'] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/** 'disable-and-hide' is the spec's "disable and hide": the entry is gone from the sidebar. */
export const FEATURE_FLAG_VALUES = ['enable', 'disable', 'disable-and-hide'] as const;
export type FeatureFlag = (typeof FEATURE_FLAG_VALUES)[number];

export type FeatureFlags = Record<FeatureKey, FeatureFlag>;

/** The route each feature lands on. */
export const FEATURE_ROUTES: Record<FeatureKey, string> = {
  dashboard: '/dashboard',
  shift_planner: '/schedule',
  notifications: '/notifications',
  tasks: '/tasks',
  actions: '/actions',
  automation: '/automation',
};

/** A new organisation starts with every feature on; operators switch them in settings. */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  dashboard: 'enable',
  shift_planner: 'enable',
  notifications: 'enable',
  tasks: 'enable',
  actions: 'enable',
  automation: 'enable',
};

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
