import { Navigate, useLocation } from 'react-router-dom';
import { useOrgHref } from '../lib/organization-context.tsx';

/**
 * Replaces the current entry with `route`: unknown paths and unknown ids go to their list. On its
 * own so the route table (loaded on every page) does not bring the overlays' side card (issue 12).
 *
 * Keyed by the location: Navigate navigates when it mounts or its target changes. The router renders
 * its states in transitions, so a second address that redirects to the same route, reached before
 * the first redirect's target has rendered (a quick Back, a link followed at once), would keep the
 * mounted Navigate and stay on that address; a new key makes it redirect again.
 */
export function RedirectTo({ route }: { route: string }) {
  const orgHref = useOrgHref();
  const { search, key } = useLocation();
  return <Navigate key={key} to={{ pathname: orgHref(route), search }} replace />;
}
