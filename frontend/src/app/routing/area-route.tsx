import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { areaGate, type Area } from '../../lib/access.ts';
import { accessInputOf, useOrganizationContext, useOrgHref } from '../../lib/organization-context.tsx';
import { NoAccessPage } from './no-access-page.tsx';

/** Wraps an area's routes: redirects non-managers from setup, shows no-access for features that are off. */
export function AreaRoute({ area }: { area: Area }) {
  const context = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  const gate = areaGate(area, accessInputOf(context));
  if (gate.kind === 'redirect') return <Navigate to={{ pathname: orgHref(gate.to), search }} replace />;
  if (gate.kind === 'no-access') return <NoAccessPage />;
  return <Outlet />;
}
