import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { timeZonePatch } from '../utils/time-zone-model.ts';

/**
 * PATCH time-zone (superadmins; spec 001 §7). The organisations list carries each organisation's
 * zone, which the shell passes to every page: it takes the answer at once and is refetched.
 */
export function useUpdateTimeZone(orgId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (zone: string) => api.request<{ time_zone: string }>('organizations', 'updateTimeZone', { params: { orgId }, body: timeZonePatch(zone) }),
    onSuccess: ({ time_zone }) => {
      client.setQueryData<OrganizationSummary[]>(orgDataKeys.organizations(), (list) => list?.map((org) => (org.id === orgId ? { ...org, time_zone } : org)));
      return client.invalidateQueries({ queryKey: orgDataKeys.organizations(), exact: true });
    },
  });
}
