import { orgBasePath, orgRoute } from '@portal/shared/tenancy/org-path';

/**
 * The one table of app routes: `path` is the router pattern, `href` builds a link. It lives in lib
 * (not app) because features link to these routes and features may not import the app layer.
 */
export const paths = {
  signIn: { path: '/signin', href: () => '/signin' },
  /** Picks the organisation after sign-in; `choose` shows the chooser even with a remembered choice. */
  home: { path: '/', href: (options: { choose?: boolean } = {}) => (options.choose ? '/?choose=1' : '/') },
  /** Every signed-in screen lives under the organisation's id (spec 001 §2). */
  organization: {
    path: '/:orgId/*',
    href: (orgId: string, route?: string) => (route ? orgRoute(orgId, route) : orgBasePath(orgId)),
  },
} as const;

/** History state the guards pass to /signin: where to return, and an optional message to show. */
export interface SignInState {
  from?: string;
  message?: string;
}

/** Where to go after sign-in: the page the user came from if it is an in-app path, else home. */
export function returnPath(state: unknown): string {
  const from = state && typeof state === 'object' && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return paths.home.href();
  if (from === paths.signIn.path || from.startsWith(`${paths.signIn.path}?`)) return paths.home.href();
  return from;
}
