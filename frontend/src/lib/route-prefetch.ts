import type { QueryClient } from '@tanstack/react-query';
import type { OrganizationContextValue } from './organization-context.tsx';

/**
 * What a page reads first, asked for as soon as its route is entered, beside the page's code
 * instead of after it has rendered (issue 12, decision 0047). The app runs it only when the
 * shell's gate will show the page, so it never sends a request the server would refuse; it gets
 * the organisation as the page will (roles, flags) and the address (tabs live in the query).
 */
export type RoutePrefetch = (client: QueryClient, organization: OrganizationContextValue, url: URL) => Promise<unknown>;
