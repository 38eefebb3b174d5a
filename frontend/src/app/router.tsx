import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SignInRoute } from '../features/auth/routes/sign-in.route.tsx';
import { OrganizationHomeRoute } from '../features/organizations/routes/organization-home.route.tsx';
import { paths } from '../lib/paths.ts';
import { ErrorPage } from './error-page.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';
import { ShellRoute } from './shell/shell-route.tsx';

/**
 * Signed out: only /signin exists and every other path redirects to it. Signed in: '/' picks the
 * organisation and '/:orgId/*' is its shell; /signin redirects to '/'.
 */
export const router = createBrowserRouter([
  {
    errorElement: <ErrorPage />,
    children: [
      { element: <GuestOnly />, children: [{ path: paths.signIn.path, element: <SignInRoute /> }] },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.home.path, element: <OrganizationHomeRoute /> },
          { path: paths.organization.path, element: <ShellRoute /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
