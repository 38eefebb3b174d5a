import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { authStatus, subscribeAuthStatus } from '../../lib/auth.ts';
import { createQueryClient } from '../../lib/query-client.ts';

/**
 * The API data cache (TanStack Query) for the routes that fetch or send: every signed-in page and
 * sign-up. A lazy layout route, so the sign-in page does not load the cache (issue 12). One client
 * for the page's life: data of one user must not show for the next one signing in on the same
 * page, so it is emptied when the session ends.
 */
const queryClient = createQueryClient();
subscribeAuthStatus(() => {
  if (authStatus() === 'signedOut') queryClient.clear();
});

export function QueryClientLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
