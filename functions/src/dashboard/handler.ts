import { dashboardDateQuerySchema, dashboardSettingsSchema } from '@portal/shared/dashboard/dashboard.schema';
import { orgPathSchema } from '@portal/shared/organizations/organizations.schema';
import { ok } from '../platform/http/responses.ts';
import { createModuleHandler, route } from '../platform/http/route.ts';
import { replaceSettings } from '../audit/public.ts';
import { actionsPanel } from './actions-panel.service.ts';
import { dashboardSettings } from './dashboard-settings.entity.ts';
import { shiftsPanel } from './shifts-panel.service.ts';
import { tasksPanel } from './tasks-panel.service.ts';

/** The dashboard (issue 17, decision 0036): read-only panels, one Query each, and the custom dashboard's panels. */
export const handler = createModuleHandler('dashboard', {
  getDashboardActions: route({ params: orgPathSchema }, async ({ params }) => ok(await actionsPanel(params.orgId))),
  getDashboardTasks: route({ params: orgPathSchema, query: dashboardDateQuerySchema }, async ({ params, query }) => ok(await tasksPanel(params.orgId, query.date))),
  getDashboardShifts: route({ params: orgPathSchema, query: dashboardDateQuerySchema }, async ({ params, query }) => ok(await shiftsPanel(params.orgId, query.date))),
  getDashboardSettings: route({ params: orgPathSchema }, async ({ params }) => ok(await dashboardSettings.read(params.orgId))),
  updateDashboardSettings: route({ params: orgPathSchema, body: dashboardSettingsSchema }, async ({ params, body, principal }) =>
    ok(await replaceSettings(params.orgId, principal, 'dashboard', dashboardSettings, body)),
  ),
});
