import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAuthStatus } from '../lib/auth.ts';
import { paths, returnPath, type SignInState } from '../lib/paths.ts';
import { PageLoader } from '../ui/page-loader.tsx';

/** Signed-in routes: anything else (any path at all) goes to /signin (spec 001 §2). */
export function RequireAuth() {
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'unknown') return <PageLoader />;
  if (status === 'signedOut') {
    const state: SignInState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.signIn.href()} state={state} replace />;
  }
  return <Outlet />;
}

/** /signin and /signup while signed in: back to where the user was going, else '/'. */
export function GuestOnly() {
  const status = useAuthStatus();
  const location = useLocation();
  if (status === 'unknown') return <PageLoader />;
  if (status === 'signedIn') return <Navigate to={returnPath(location.state)} replace />;
  return <Outlet />;
}
