import { Navigate, Outlet, useMatches } from 'react-router-dom';
import { usePrefetchQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { featureSettingsQueryOptions } from '../../features/organizations/api/get-feature-settings.ts';
import { organizationsQueryOptions } from '../../features/organizations/api/get-organizations.ts';
import { paths } from '../../lib/paths.ts';
import { PageLoader } from '../../ui/page-loader.tsx';

/**
 * Users pending the identity-provider migration change their password before anything else
 * (spec 001 §2). If /api/me cannot answer, the portal carries on: the API enforces its own rules.
 * A lazy route of its own: the queries it runs are not on the sign-in page (issue 12).
 */
export function RequireCurrentPassword() {
  const me = useQuery(meQueryOptions());
  // Fetched alongside /api/me rather than after it.
  usePrefetchQuery(organizationsQueryOptions());
  // An organisation's page waits for its feature settings too (the shell): fetched alongside as well,
  // one round trip less before the page shows (issue 12). For an organisation the user is not in,
  // the API refuses it and the shell sends them home without reading it.
  const client = useQueryClient();
  const orgId = useMatches().find((match) => match.params.orgId)?.params.orgId;
  if (orgId) {
    const settings = featureSettingsQueryOptions(orgId);
    if (client.getQueryState(settings.queryKey) === undefined) void client.prefetchQuery(settings);
  }
  if (me.isPending) return <PageLoader />;
  if (me.data?.isPendingEntraIdMigration) return <Navigate to={paths.changePassword.href()} replace />;
  return <Outlet />;
}
