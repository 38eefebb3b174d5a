import { landingRoute } from '@portal/shared/tenancy/landing-route';
import { accessInputOf, useOrganizationContext } from '../../lib/organization-context.tsx';
import { RedirectTo } from '../../ui/redirect-to.tsx';

/** '/:orgId' (and unknown routes under it): the first available feature, or /no-access (spec 000 §2). */
export function LandingRedirect() {
  const context = useOrganizationContext();
  return <RedirectTo route={landingRoute(accessInputOf(context))} />;
}
