import { useCallback, useRef } from 'react';
import { useCloseAfterSubmit } from '../../../ui/side-card.tsx';
import type { NotificationsTab } from '../utils/notification-tabs.ts';
import { useNotificationsNav } from './use-notifications-nav.ts';

type Show = { tab: NotificationsTab; selected?: string };

/** A form overlay's close now (×, Escape, outside click) and after saving (~1 s, to the saved item). */
export function useFormCard() {
  const { close } = useNotificationsNav();
  const target = useRef<Show | undefined>(undefined);
  const closeSoon = useCloseAfterSubmit(() => close(target.current));
  const onClose = useCallback(() => close(), [close]);
  const onSaved = useCallback(
    (show: Show) => {
      target.current = show;
      closeSoon();
    },
    [closeSoon],
  );
  return { onClose, onSaved };
}
