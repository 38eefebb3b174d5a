import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { InspectCard } from './inspect-card.tsx';
import type { ListOverlays } from './list-overlays.tsx';
import type { WithItemProps } from './overlay-query.tsx';
import { useListNav } from './use-list-nav.ts';

interface InspectOverlayProps<T> {
  overlays: ListOverlays;
  /** The module's loader of the item. */
  With: ComponentType<WithItemProps<T>>;
  /** The route's id parameter ('taskId', 'templateId'). */
  param: string;
  /** The card's title: inspect.title (an item) or inspect.templateTitle. */
  titleKey: string;
}

/** …/inspect/{id}: the stored item as JSON (developer mode). */
export function InspectOverlay<T>({ overlays, With, param, titleKey }: InspectOverlayProps<T>) {
  const { t } = useTranslation(overlays.namespace);
  const { [param]: id = '' } = useParams();
  const { close } = useListNav(overlays.listRoute);
  return (
    <With id={id} title={t(titleKey)}>
      {(item) => <InspectCard title={t(titleKey)} value={item} onClose={() => close()} />}
    </With>
  );
}
