import { useFormCard as useListFormCard } from '../../../ui/use-form-card.ts';
import type { NotificationsTab } from '../utils/notification-tabs.ts';
import { useNotificationsNav } from './use-notifications-nav.ts';

/** A form overlay's close now (×, Escape, outside click) and after saving (~1 s, to the saved item). */
export function useFormCard() {
  const { close } = useNotificationsNav();
  return useListFormCard<{ tab: NotificationsTab; selected?: string }>(close);
}
