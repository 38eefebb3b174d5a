import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BellIcon } from '../../../ui/icons.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { TriggerChip } from '../../../ui/trigger-chip.tsx';
import { notificationListQueryOptions } from '../api/notifications.ts';
import { headlineOf } from '../utils/display.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { withTab, type NotificationTab } from '../utils/notification-tabs.ts';
import { isRecurringRoot } from '../utils/select-route.ts';
import { notificationsKit } from '../utils/notifications-kit.ts';

/** The sent or scheduled list: one page at a time, "Load more" for the next (spec 000 §2). */
export function NotificationList({ tab, selected }: { tab: NotificationTab; selected: string | undefined }) {
  const { t } = useTranslation('notifications');
  const clock = useOrganizationClock();
  const { organization } = useOrganizationContext();
  const { to, search } = notificationsKit.useNav();
  return (
    <PagedList
      queryOptions={notificationListQueryOptions(organization.id, tab)}
      label={t(`list.${tab}`)}
      empty={
        <EmptyState
          compact
          icon={<BellIcon />}
          title={t(tab === 'sent' ? 'list.emptySent' : 'list.emptyScheduled')}
          help={t(tab === 'sent' ? 'list.emptySentHelp' : 'list.emptyScheduledHelp')}
          action={<ButtonLink to={to(orgPaths.notificationsCreate)}>{t('list.emptyAction')}</ButtonLink>}
        />
      }
      selected={selected}
      rowTo={(item) => to(orgPaths.notifications, {}, withTab(search, tab, item.id))}
      title={(item) => headlineOf(item) || t('list.untitled')}
      meta={(item) => (
        <>
          {item.meta.trigger_id ? <><TriggerChip triggerId={item.meta.trigger_id} namespace="notifications" />{' '}</> : null}
          {isRecurringRoot(item) ? `${t('list.repeats')} · ` : null}
          {item.sent_at || item.send_at ? clock.dateTime((item.sent_at || item.send_at)!) : null}
        </>
      )}
      loadMoreLabel={t('actions.loadMore')}
      loadingLabel={t('list.loading')}
    />
  );
}
