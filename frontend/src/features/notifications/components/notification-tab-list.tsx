import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TABS, withTab, type NotificationsTab } from '../utils/notification-tabs.ts';

/** Sent, scheduled, templates (spec 000 §2); the tab lives in the query, so overlays keep it. */
export function NotificationTabs({ active, search }: { active: NotificationsTab; search: string }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  return (
    <div role="tablist" aria-label={t('tabsLabel')} className="notification-tabs">
      {NOTIFICATION_TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`notifications-tab-${tab}`}
          aria-selected={tab === active}
          aria-controls="notifications-panel"
          tabIndex={tab === active ? 0 : -1}
          className="notification-tabs__tab"
          onClick={() => void navigate({ search: withTab(search, tab) })}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const step = event.key === 'ArrowRight' ? 1 : -1;
            const next = NOTIFICATION_TABS[(NOTIFICATION_TABS.indexOf(tab) + step + NOTIFICATION_TABS.length) % NOTIFICATION_TABS.length]!;
            void navigate({ search: withTab(search, next) });
            document.getElementById(`notifications-tab-${next}`)?.focus();
          }}
        >
          {t(`tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}
