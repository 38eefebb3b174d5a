import { Navigate, useLocation } from 'react-router-dom';
import { landingRoute } from '@portal/shared/tenancy/landing-route';
import { accessInputOf, useOrganizationContext, useOrgHref } from '../../lib/organization-context.tsx';

/** '/:orgId' (and unknown routes under it): the first available feature, or /no-access (spec 000 §2). */
export function LandingRedirect() {
  const context = useOrganizationContext();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  return <Navigate to={{ pathname: orgHref(landingRoute(accessInputOf(context))), search }} replace />;
}
