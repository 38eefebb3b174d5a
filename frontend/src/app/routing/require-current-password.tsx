import { Navigate, Outlet, useMatches } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { paths } from '../../lib/paths.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { prefetchSession } from './session-data.ts';

// The route's loader starts the session's reads beside the pages' code (app/router.tsx).
export { sessionLoader as loader, sessionShouldRevalidate as shouldRevalidate, startSession } from './session-data.ts';

/**
 * Users pending the identity-provider migration change their password before anything else
 * (spec 001 §2). If /api/me cannot answer, the portal carries on: the API enforces its own rules.
 * A lazy route of its own: the queries it runs are not on the sign-in page (issue 12).
 */
export function RequireCurrentPassword() {
  const me = useQuery(meQueryOptions());
  // What the loader started, or, signed in only now or in another organisation, starts here:
  // /api/me, the organisations and the feature settings at once (issue 12).
  prefetchSession(useMatches().find((match) => match.params.orgId)?.params.orgId);
  if (me.isPending) return <PageLoader />;
  if (me.data?.isPendingEntraIdMigration) return <Navigate to={paths.changePassword.href()} replace />;
  return <Outlet />;
}
