import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '../lib/paths.ts';
import { ErrorPage } from './error-page.tsx';
import { ErrorScreen } from './errors/error-screen.tsx';
import { listenForPreloadErrors, useNewVersionAvailable } from './errors/new-version.ts';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { orgChildRoutes } from './org-routes.tsx';
import { withStrings } from './routing/with-strings.ts';

/**
 * Signed out: /signin and /signup; every other path redirects to /signin. Signed in: '/' picks the
 * organisation and '/:orgId/...' is its shell; a user pending the identity-provider migration is
 * sent to /change-password first. Every page is its own chunk: a page loads only what it shows
 * (the shell is not on /signin, nor the API data cache; a feature's forms load with its overlays).
 */
/** The API data cache around the routes that fetch or send (not the sign-in page). */
const queryClientLayout = async () => ({ Component: (await import('./routing/query-client-layout.tsx')).QueryClientLayout });

export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    children: [
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
                lazy: async () => ({ Component: (await import('./routing/require-current-password.tsx')).RequireCurrentPassword }),
                children: [
                  withStrings('organizations', {
                    path: paths.home.path,
                    lazy: async () => ({ Component: (await import('../features/organizations/routes/organization-home.route.tsx')).OrganizationHomeRoute }),
                  }),
                  // The watch emulator: outside the organisation shell, its own chunk.
                  { path: paths.watch.path, lazy: async () => ({ Component: (await import('../watch/watch.route.tsx')).WatchRoute }) },
                  {
                    path: paths.organization.path,
                    lazy: async () => ({ Component: (await import('./shell/shell-route.tsx')).ShellRoute }),
                    children: orgChildRoutes,
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  const newVersion = useNewVersionAvailable();
  useEffect(() => listenForPreloadErrors(), []);
  if (newVersion) return <ErrorScreen kind="new-version" />;
  return <RouterProvider router={router} />;
}
