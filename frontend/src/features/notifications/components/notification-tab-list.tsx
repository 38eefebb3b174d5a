import { useTranslation } from 'react-i18next';
import { QueryTabList } from '../../../ui/query-tab-list.tsx';
import { NOTIFICATION_TABS, type NotificationsTab } from '../utils/notification-tabs.ts';

/** Sent, scheduled, templates (spec 000 §2); the tab lives in the query, so overlays keep them. */
export function NotificationTabs({ active, search }: { active: NotificationsTab; search: string }) {
  const { t } = useTranslation('notifications');
  return <QueryTabList tabs={NOTIFICATION_TABS} active={active} search={search} label={t('tabsLabel')} labelOf={(tab) => t(`tabs.${tab}`)} idPrefix="notifications" />;
}
