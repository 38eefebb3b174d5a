/** The dashboards an organisation can turn on, without yup: the settings page's form reads them (issue 12). */
export const DASHBOARD_VARIANTS = ['tasks', 'actions', 'custom'] as const;
export type DashboardVariant = (typeof DASHBOARD_VARIANTS)[number];
