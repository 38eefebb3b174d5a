import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganizationSummary } from '@portal/shared/organizations/organizations.schema';
import { api } from '../../../lib/api.ts';
import { orgDataKeys } from '../../../lib/organization-data/query-keys.ts';
import { findOrganization } from '../utils/choose-organization.ts';
import { rememberOrganization } from '../utils/last-organization.ts';

/** GET /api/organizations: the organisations the signed-in user belongs to, with their roles. */
export function getOrganizations(signal?: AbortSignal): Promise<OrganizationSummary[]> {
  return api.request<OrganizationSummary[]>('organizations', 'listOrganizations', { signal });
}

export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: orgDataKeys.organizations(),
    queryFn: ({ signal }) => getOrganizations(signal),
    staleTime: 5 * 60_000,
  });
}

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}

/**
 * The organisation of the current path, or null when the user has none with that id. Opening one
 * remembers it, so the next visit to '/' goes straight there.
 */
export function useCurrentOrganization(orgId: string) {
  const query = useQuery({
    ...organizationsQueryOptions(),
    select: (organizations) => findOrganization(organizations, orgId) ?? null,
  });
  const id = query.data?.id;
  useEffect(() => {
    if (id) rememberOrganization(id);
  }, [id]);
  return query;
}
