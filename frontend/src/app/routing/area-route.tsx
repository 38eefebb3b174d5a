import { Outlet } from 'react-router-dom';
import { areaGate, type Area } from '../../lib/access.ts';
import { accessInputOf, useOrganizationContext } from '../../lib/organization-context.tsx';
import { RedirectTo } from '../../ui/redirect-to.tsx';
import { NoAccessPage } from './no-access-page.tsx';

/** Wraps an area's routes: redirects non-managers from setup, shows no-access for features that are off. */
export function AreaRoute({ area }: { area: Area }) {
  const context = useOrganizationContext();
  const gate = areaGate(area, accessInputOf(context));
  if (gate.kind === 'redirect') return <RedirectTo route={gate.to} />;
  if (gate.kind === 'no-access') return <NoAccessPage />;
  return <Outlet />;
}
