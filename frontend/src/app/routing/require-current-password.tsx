import { Navigate, Outlet } from 'react-router-dom';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
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
  if (me.isPending) return <PageLoader />;
  if (me.data?.isPendingEntraIdMigration) return <Navigate to={paths.changePassword.href()} replace />;
  return <Outlet />;
}
