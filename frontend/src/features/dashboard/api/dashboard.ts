import { queryOptions } from '@tanstack/react-query';
import type { DashboardActionsDto, DashboardSettingsDto, DashboardShiftsDto, DashboardTasksDto } from '@portal/shared/dashboard/dashboard.schema';
import { api } from '../../../lib/api.ts';
import { STATUS_POLL_MS } from '../../../lib/polling.ts';
import { settingsResource } from '../../../lib/resource-api.ts';

/** Every dashboard query of an organisation starts with this key. */
export const dashboardKey = (orgId: string) => ['dashboard', orgId] as const;

/**
 * The panels are live (issue 17): polled on the project's status interval while a panel is
 * mounted, so answers on watches and completions show without a reload. TanStack Query stops the
 * interval when the panel unmounts and pauses it while the browser tab is hidden.
 */
const live = { refetchInterval: STATUS_POLL_MS, staleTime: 0 } as const;

/** GET dashboard/actions: the most recently sent actions with their response statuses, open ones first. */
export function dashboardActionsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...dashboardKey(orgId), 'actions'],
    queryFn: ({ signal }) => api.request<DashboardActionsDto>('dashboard', 'getDashboardActions', { params: { orgId }, signal }),
    ...live,
  });
}

/** GET dashboard/tasks: today's tasks (the organisation's today, the server decides), overdue first. */
export function dashboardTasksQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...dashboardKey(orgId), 'tasks'],
    queryFn: ({ signal }) => api.request<DashboardTasksDto>('dashboard', 'getDashboardTasks', { params: { orgId }, signal }),
    ...live,
  });
}

/** GET dashboard/shifts: who is on a published shift today, with the shift's activities. */
export function dashboardShiftsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: [...dashboardKey(orgId), 'shifts'],
    queryFn: ({ signal }) => api.request<DashboardShiftsDto>('dashboard', 'getDashboardShifts', { params: { orgId }, signal }),
    ...live,
  });
}

/** GET settings/dashboard: the custom dashboard's panels, in order; PUT (admins and superadmins): the panels the "Edit panels" card chose. */
const dashboardSettings = settingsResource<DashboardSettingsDto>()({
  module: 'dashboard',
  key: (orgId) => [...dashboardKey(orgId), 'settings'] as const,
  get: 'getDashboardSettings',
  update: 'updateDashboardSettings',
});

export const dashboardSettingsQueryOptions = dashboardSettings.settingsQueryOptions;
export const useSaveDashboardSettings = dashboardSettings.useSave;
