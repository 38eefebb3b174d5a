/**
 * The query keys of organisation-wide data, in one place: every feature builds its keys from
 * these, so a change made in one feature refreshes what another shows (one invalidation of a
 * prefix reaches every query under it). Triggers join here.
 */
const users = (orgId: string) => ['users', orgId] as const;

export const orgDataKeys = {
  /** The user's organisations with each one's time zone and roles (the shell reads its organisation from it). */
  organizations: () => ['organizations'] as const,
  /** Feature flags and dashboards (sidebar, landing route); refetched after general settings change. */
  featureSettings: (orgId: string) => ['organizations', orgId, 'settings', 'features'] as const,
  generalSettings: (orgId: string) => ['settings', orgId, 'general'] as const,
  /** The organisation's logo: the sidebar shows it, general settings change it. */
  logo: (orgId: string) => ['settings', orgId, 'logo'] as const,
  /** Every users query (lists, details, choices, groups) starts with this key. */
  users,
  user: (orgId: string, userId: string) => [...users(orgId), 'detail', userId] as const,
  userChoices: (orgId: string, kind: string, filter: string) => [...users(orgId), 'choices', kind, filter] as const,
  /** Under the users key: a membership change refreshes users and groups alike. */
  userGroups: (orgId: string) => [...users(orgId), 'groups'] as const,
  recipients: (orgId: string) => ['recipients', orgId] as const,
  devices: (orgId: string) => ['devices', orgId] as const,
  /** Design templates: the settings tab edits them, the devices pages choose from them. */
  tabletTemplates: (orgId: string) => ['tablet-templates', orgId] as const,
  /** Action time-out options: the settings page edits them, the action form offers them. */
  actionSettings: (orgId: string) => ['settings', orgId, 'actions'] as const,
  /** Task reminders and the overdue notice: the settings page edits them, the task form tells of them. */
  taskSettings: (orgId: string) => ['settings', orgId, 'tasks'] as const,
  /** Shift activity types: the settings tab edits them, the planner and the recipient picker show them. */
  shiftActivityTypes: (orgId: string) => ['shift-activity-types', orgId] as const,
  /** Every automation query (triggers, trigger groups, firings, the automation settings) starts with this key. */
  automation: (orgId: string) => ['automation', orgId] as const,
  /** Triggers: the automation pages edit them; trigger groups and the lists' trigger names show them. */
  triggers: (orgId: string) => ['automation', orgId, 'triggers'] as const,
  /** Trigger groups: the automation pages edit them; tablet settings and trigger menus choose from them. */
  triggerGroups: (orgId: string) => ['automation', orgId, 'trigger-groups'] as const,
  /** The throttle defaults a new trigger starts with: /settings/automation edits them. */
  automationSettings: (orgId: string) => ['automation', orgId, 'settings'] as const,
};
