import type { ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../lib/organization-context.tsx';
import type { ListOverlays } from './list-overlays.tsx';
import { OverlayItem, useCloseOverlay } from './overlay-route.tsx';

/** Loaded once per overlay: a refetch must not reset a form being edited. */
const ONCE = { refetchOnWindowFocus: false, refetchInterval: false } as const;

/** Where an overlay of a list page goes back to, and what its loader is called. */
export interface OverlayList {
  /** The list an unknown id and the loading card's close go back to. */
  listRoute: string;
  loadingLabel: string;
}

/** A module's list and loading label for OverlayQuery, and the organisation its item's query reads. */
export function useOverlayList({ listRoute, namespace, loadingKey }: ListOverlays): OverlayList & { orgId: string } {
  const { t } = useTranslation(namespace);
  const { organization } = useOrganizationContext();
  return { orgId: organization.id, listRoute, loadingLabel: t(loadingKey) };
}

/** A feature's loader of one kind of item (WithTask, WithTemplate): the id of the route and the content. */
export interface WithItemProps<T> {
  id: string;
  /** The loading card's title. */
  title: string;
  children: (item: T) => ReactNode;
}

interface OverlayQueryProps<T, K extends QueryKey> extends OverlayList, Omit<WithItemProps<T>, 'id'> {
  options: UseQueryOptions<T, Error, T, K>;
}

/** An overlay's item, loaded once: a loading card, a redirect to the list for an unknown id, or the content. */
export function OverlayQuery<T, K extends QueryKey>({ options, listRoute, loadingLabel, title, children }: OverlayQueryProps<T, K>) {
  const query = useQuery({ ...options, ...ONCE });
  const close = useCloseOverlay(listRoute);
  return (
    <OverlayItem query={query} listRoute={listRoute} title={title} onClose={close} loadingLabel={loadingLabel}>
      {children}
    </OverlayItem>
  );
}
