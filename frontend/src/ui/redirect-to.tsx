import { Navigate, useLocation } from 'react-router-dom';
import { useOrgHref } from '../lib/organization-context.tsx';

/**
 * Replaces the current entry with `route`: unknown paths and unknown ids go to their list. On its
 * own so the route table (loaded on every page) does not bring the overlays' side card (issue 12).
 */
export function RedirectTo({ route }: { route: string }) {
  const orgHref = useOrgHref();
  const { search } = useLocation();
  return <Navigate to={{ pathname: orgHref(route), search }} replace />;
}
