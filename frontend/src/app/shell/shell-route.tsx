import { Navigate, Outlet, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { featureSettingsQueryOptions } from '../../features/organizations/api/get-feature-settings.ts';
import { useCurrentOrganization, useOrganizations } from '../../features/organizations/api/get-organizations.ts';
import { getIdTokenClaims } from '../../lib/auth.ts';
import { OrganizationProvider, organizationContextOf } from '../../lib/organization-context.tsx';
import { paths } from '../../lib/paths.ts';
import { DeveloperModeProvider } from '../../ui/developer-mode.tsx';
import { HelpTipsProvider } from '../../ui/help-tip.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { classifyError } from '../errors/classify-error.ts';
import { ErrorScreen } from '../errors/error-screen.tsx';
import { AppShell } from './app-shell.tsx';

/**
 * '/:orgId': preloads the organisation and its feature settings (spec 001 §4: loading, ready,
 * error), checks the token can be read, and provides the organisation to the pages. An id the user
 * does not belong to goes back to '/'.
 */
export function ShellRoute() {
  const { orgId = '' } = useParams();
  const current = useCurrentOrganization(orgId);
  const organizations = useOrganizations();
  const member = Boolean(current.data);
  const settings = useQuery({ ...featureSettingsQueryOptions(orgId), enabled: member });
  const claims = useQuery({ queryKey: ['auth', 'id-token-claims'], queryFn: getIdTokenClaims, retry: false, staleTime: Infinity });
  // The names are for the initials only: the shell works without them.
  const me = useQuery(meQueryOptions());

  if (claims.isError) return <ErrorScreen kind={classifyError(claims.error) === 'token' ? 'token' : 'unknown'} />;
  if (current.isPending) return <PageLoader />;
  if (current.isError) return <ErrorScreen kind="preload" onRetry={() => void current.refetch()} />;
  if (!current.data) return <Navigate to={paths.home.href()} replace />;
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <ErrorScreen kind="preload" onRetry={() => void settings.refetch()} />;

  const value = organizationContextOf(current.data, settings.data, organizations.data?.length ?? 0);
  const email = me.data?.email ?? (typeof claims.data?.email === 'string' ? claims.data.email : undefined);
  return (
    <OrganizationProvider value={value}>
      <DeveloperModeProvider>
        <HelpTipsProvider>
          <AppShell user={{ firstname: me.data?.firstname, lastname: me.data?.lastname, email }}>
            <Outlet />
          </AppShell>
        </HelpTipsProvider>
      </DeveloperModeProvider>
    </OrganizationProvider>
  );
}
