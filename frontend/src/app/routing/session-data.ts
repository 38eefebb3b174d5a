import type { LoaderFunction, ShouldRevalidateFunction } from 'react-router-dom';
import type { QueryKey } from '@tanstack/react-query';
import { meQueryOptions } from '../../features/auth/api/get-me.ts';
import { featureSettingsQueryOptions } from '../../features/organizations/api/get-feature-settings.ts';
import { organizationsQueryOptions } from '../../features/organizations/api/get-organizations.ts';
import { findOrganization } from '../../features/organizations/utils/choose-organization.ts';
import { areaGate, type Area } from '../../lib/access.ts';
import { authStatus, settledAuthStatus, subscribeAuthStatus } from '../../lib/auth.ts';
import { accessInputOf, organizationContextOf, type OrganizationContextValue } from '../../lib/organization-context.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import type { RoutePrefetch } from '../../lib/route-prefetch.ts';

/**
 * The API data cache (TanStack Query) of the signed-in pages and sign-up: one client for the page's
 * life. Data of one user must not show for the next one signing in on the same page, so it is
 * emptied when the session ends.
 */
export const queryClient = createQueryClient();
subscribeAuthStatus(() => {
  if (authStatus() === 'signedOut') queryClient.clear();
});

/** Started already (in flight, read, or failed): the pages' queries take it from there. */
const asked = (queryKey: QueryKey) => queryClient.getQueryState(queryKey) !== undefined;

/**
 * What every signed-in page waits for: /api/me, the user's organisations and, under '/:orgId', its
 * feature settings (the shell's gate), all at once. For an organisation the user is not in, the API
 * refuses the settings and the shell sends them home without reading them.
 */
export function prefetchSession(orgId: string | undefined): void {
  const me = meQueryOptions();
  if (!asked(me.queryKey)) void queryClient.prefetchQuery(me);
  const organizations = organizationsQueryOptions();
  if (!asked(organizations.queryKey)) void queryClient.prefetchQuery(organizations);
  if (!orgId) return;
  const settings = featureSettingsQueryOptions(orgId);
  if (!asked(settings.queryKey)) void queryClient.prefetchQuery(settings);
}

/** The organisation as the shell will provide it, when the shell's gate (roles, flags) shows `area` of it; the same reads. */
async function allowedContext(orgId: string, area: Area): Promise<OrganizationContextValue | undefined> {
  prefetchSession(orgId);
  const settingsOptions = featureSettingsQueryOptions(orgId);
  // Refused already (an organisation the user is not in): not asked for a second time.
  if (queryClient.getQueryState(settingsOptions.queryKey)?.status === 'error') return undefined;
  const [organizations, settings] = await Promise.all([
    queryClient.ensureQueryData(organizationsQueryOptions()),
    queryClient.ensureQueryData(settingsOptions),
  ]);
  const organization = findOrganization(organizations, orgId);
  if (!organization) return undefined;
  const context = organizationContextOf(organization, settings, organizations.length);
  return areaGate(area, accessInputOf(context)).kind === 'allow' ? context : undefined;
}

/**
 * Route loaders start the reads beside the route's code (lazy chunks, strings) and return at once:
 * the pages still read through their queries, which find the data there or in flight. Nothing is
 * asked for signed out.
 */
export const sessionLoader: LoaderFunction = ({ params }) => {
  startSession(params.orgId);
  return null;
};

/** The session's reads once the session is known to be signed in (the route loader's; app/router.tsx's before the route table is in). */
export function startSession(orgId: string | undefined): void {
  void settledAuthStatus().then((status) => status === 'signedIn' && prefetchSession(orgId));
}

/** The reads again only for another organisation (a page's also when it is entered again). */
export const sessionShouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) => currentParams.orgId !== nextParams.orgId;

/** A page's first read once the shell's gate allows the page; the page reads through its query, so a failed prefetch only costs time. */
export function pageLoader(area: Area, prefetch: RoutePrefetch): LoaderFunction {
  return ({ params, request }) => {
    const { orgId } = params;
    if (!orgId) return null;
    void (async () => {
      if ((await settledAuthStatus()) !== 'signedIn') return;
      const context = await allowedContext(orgId, area);
      if (context) await prefetch(queryClient, context, new URL(request.url));
    })().catch(() => undefined);
    return null;
  };
}
