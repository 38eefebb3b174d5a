import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../features/auth/api/get-me.ts';
import { organizationsQueryOptions } from '../features/organizations/api/get-organizations.ts';
import { useAuthStatus } from '../lib/auth.ts';
import { paths, returnPath, type SignInState } from '../lib/paths.ts';
import { PageLoader } from '../ui/page-loader.tsx';

/** Signed-in routes: anything else (any path at all) goes to /signin (spec 001 §2). */
export function RequireAuth() {
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'unknown') return <PageLoader />;
  if (status === 'signedOut') {
    const state: SignInState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.signIn.href()} state={state} replace />;
  }
  return <Outlet />;
}

/** /signin and /signup while signed in: back to where the user was going, else '/'. */
export function GuestOnly() {
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'unknown') return <PageLoader />;
  if (status === 'signedIn') return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}

/**
 * Users pending the identity-provider migration change their password before anything else
 * (spec 001 §2). If /api/me cannot answer, the portal carries on: the API enforces its own rules.
 */
export function RequireCurrentPassword() {
  const me = useQuery(meQueryOptions());
  // Fetched alongside /api/me rather than after it.
  usePrefetchQuery(organizationsQueryOptions());
  if (me.isPending) return <PageLoader />;
  if (me.data?.isPendingEntraIdMigration) return <Navigate to={paths.changePassword.href()} replace />;
  return <Outlet />;
}
