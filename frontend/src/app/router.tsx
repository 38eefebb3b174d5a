import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { ErrorPage } from './error-page.tsx';
import { ErrorScreen } from './errors/error-screen.tsx';
import { listenForPreloadErrors, useNewVersionAvailable } from './errors/new-version.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { startOrgPageLoads } from './routing/start-org-page-loads.ts';
import { withStrings } from './routing/with-strings.ts';

/**
 * Signed out: /signin, /signup and the kiosk emulator; every other path redirects to /signin. Signed in: '/' picks the
 * organisation and '/:orgId/...' is its shell; a user pending the identity-provider migration is
 * sent to /change-password first. Every page is its own chunk: a page loads only what it shows
 * (the shell is not on /signin, nor the API data cache; a feature's forms load with its overlays).
 */
/** The API data cache around the routes that fetch or send (not the sign-in page). */
const queryClientLayout = async () => ({ Component: (await import('./routing/query-client-layout.tsx')).QueryClientLayout });

/** The password-migration check, whose loader starts the session's reads (/api/me, the organisations, the feature settings). */
const requireCurrentPassword = () => import('./routing/require-current-password.tsx');

const ORGANIZATION_ROUTE = 'organization';
/** One chunk for the shell and the organisation's route table: a page under '/:orgId' needs both. */
const orgShell = () => import('./org-routes.tsx');
let orgRoutesAdded = false;

/**
 * The organisation's route table (every feature's routes, with their paths) is not in the entry:
 * the sign-in page's first load does not carry it (issue 12). The router asks for it on the first
 * navigation that matches '/:orgId' (a dynamic match may hide a deeper one), before the shell's
 * lazy loader, which reuses the same chunk.
 */
const addOrgRoutes: PatchRoutesOnNavigationFunction = async ({ patch, signal, path }) => {
  if (orgRoutesAdded) return;
  // The signed-in layouts' chunks and the session's reads beside the route table (issue 30).
  startOrgPageLoads(path, { queryClientLayout, requireCurrentPassword });
  const { orgChildRoutes } = await orgShell();
  // The router drops the patch of a navigation another one overtook (the chooser's, by the home
  // route's redirect to the same address): counted as added, the page under '/:orgId' stayed empty (issue 28).
  if (orgRoutesAdded || signal.aborted) return;
  orgRoutesAdded = true;
  patch(ORGANIZATION_ROUTE, orgChildRoutes);
};

const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      // The kiosk emulator is a device, not a person (decision 0043): open signed in or not, its own chunk.
      { path: paths.kiosk.path, lazy: async () => ({ Component: (await import('../kiosk/kiosk.route.tsx')).KioskRoute }) },
      {
        element: <GuestOnly />,
        children: [
          withStrings('auth', {
            path: paths.signIn.path,
            lazy: async () => ({ Component: (await import('../features/auth/routes/sign-in.route.tsx')).SignInRoute }),
          }),
          {
            lazy: queryClientLayout,
            children: [
              withStrings('auth', {
                path: paths.signUp.path,
                lazy: async () => ({ Component: (await import('../features/auth/routes/sign-up.route.tsx')).SignUpRoute }),
              }),
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: queryClientLayout,
            children: [
              withStrings('auth', {
                path: paths.changePassword.path,
                lazy: async () => ({ Component: (await import('../features/auth/routes/change-password.route.tsx')).ChangePasswordRoute }),
              }),
              {
                lazy: async () => {
                  const { RequireCurrentPassword, loader, shouldRevalidate } = await requireCurrentPassword();
                  return { Component: RequireCurrentPassword, loader, shouldRevalidate };
                },
                children: [
                  withStrings('organizations', {
                    path: paths.home.path,
                    lazy: async () => ({ Component: (await import('../features/organizations/routes/organization-home.route.tsx')).OrganizationHomeRoute }),
                  }),
                  // The watch emulator: outside the organisation shell, its own chunk.
                  { path: paths.watch.path, lazy: async () => ({ Component: (await import('../watch/watch.route.tsx')).WatchRoute }) },
                  { id: ORGANIZATION_ROUTE, path: paths.organization.path, lazy: async () => ({ Component: (await orgShell()).ShellRoute }) },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: addOrgRoutes });

export function AppRouter() {
  const newVersion = useNewVersionAvailable();
  useEffect(() => listenForPreloadErrors(), []);
  if (newVersion) return <ErrorScreen kind="new-version" />;
  return <RouterProvider router={router} />;
}
