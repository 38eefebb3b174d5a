import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { queryClient } from './session-data.ts';

/**
 * The API data cache (TanStack Query) for the routes that fetch or send: every signed-in page and
 * sign-up. A lazy layout route, so the sign-in page does not load the cache (issue 12).
 */
export function QueryClientLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
