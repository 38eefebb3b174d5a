import { useCallback, type ReactNode } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../lib/api-url.ts';
import { useOrgHref } from '../lib/organization-context.tsx';
import { RedirectTo } from './redirect-to.tsx';
import { SideCard } from './side-card.tsx';

/**
 * Overlay routes (spec 000 §2, 001 §2): a create, edit or inspect card over its list, at a route of
 * its own. Closing and every redirect go to a route of the organisation and keep the query
 * (developer mode, card lock, the list's filter, tab and selection).
 */

/** Closes an overlay route back to `route` (its list). */
export function useCloseOverlay(route: string): () => void {
  const navigate = useNavigate();
  const orgHref = useOrgHref();
  const { search } = useLocation();
  return useCallback(() => void navigate({ pathname: orgHref(route), search }), [navigate, orgHref, route, search]);
}

export { RedirectTo };

/** An id the API does not know (404) or cannot read (400): its overlay goes back to the list (spec 000 §8). */
export const isUnknownId = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);

interface ItemQuery<T> {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
}

interface OverlayItemProps<T> {
  query: ItemQuery<T>;
  /** The list an unknown id goes back to. */
  listRoute: string;
  /** The loading card's title and close, and the loader's accessible name. */
  title: string;
  onClose: () => void;
  loadingLabel: string;
  children: (item: T) => ReactNode;
}

/** An overlay's item: a loading card, a redirect to the list for an unknown id, an error for the error page, or the content. */
export function OverlayItem<T>({ query, listRoute, title, onClose, loadingLabel, children }: OverlayItemProps<T>) {
  if (isUnknownId(query.error)) return <RedirectTo route={listRoute} />;
  if (query.error) throw query.error;
  if (query.isPending || query.data === undefined) {
    return (
      <SideCard title={title} onClose={onClose}>
        <Loader aria-label={loadingLabel} />
      </SideCard>
    );
  }
  return <>{children(query.data)}</>;
}
