import { Navigate, useParams } from 'react-router-dom';
import { useCurrentOrganization, useOrganizations } from '../../features/organizations/api/get-organizations.ts';
import { paths } from '../../lib/paths.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { AppShell } from './app-shell.tsx';

/** '/:orgId/*': the shell of one organisation; an id the user does not belong to goes back to '/'. */
export function ShellRoute() {
  const { orgId = '' } = useParams();
  const current = useCurrentOrganization(orgId);
  const organizations = useOrganizations();

  if (current.isPending) return <PageLoader />;
  if (current.isError) throw current.error;
  if (!current.data) return <Navigate to={paths.home.href()} replace />;
  return <AppShell organization={current.data} canSwitch={(organizations.data?.length ?? 0) > 1} />;
}
