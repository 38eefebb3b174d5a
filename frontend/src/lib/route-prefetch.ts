import type { QueryClient } from '@tanstack/react-query';

/**
 * What a page reads first, asked for as soon as its route is entered, beside the page's code
 * instead of after it has rendered (issue 12). The app runs it only when the shell's gate will show
 * the page, so it never sends a request the server would refuse.
 */
export type RoutePrefetch = (client: QueryClient, orgId: string, url: URL) => Promise<unknown>;
