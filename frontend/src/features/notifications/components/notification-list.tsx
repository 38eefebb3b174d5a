import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { BellIcon } from '../../../ui/icons.tsx';
import { LoadMoreFooter } from '../../../ui/load-more-footer.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { notificationListQueryOptions } from '../api/notifications.ts';
import { useNotificationsNav } from '../hooks/use-notifications-nav.ts';
import { formatDateTime, headlineOf } from '../utils/display.ts';
import { withTab, type NotificationTab } from '../utils/notification-tabs.ts';
import { isRecurringRoot } from '../utils/select-route.ts';

/** The sent or scheduled list: one page at a time, "Load more" for the next (spec 000 §2). */
export function NotificationList({ tab, selected }: { tab: NotificationTab; selected: string | undefined }) {
  const { t, i18n } = useTranslation('notifications');
  const { organization } = useOrganizationContext();
  const { to, search } = useNotificationsNav();
  const list = useInfiniteQuery({ ...notificationListQueryOptions(organization.id, tab), staleTime: 5_000 });

  if (list.isPending) return <PageLoader />;
  if (list.isError) throw list.error;
  const items = list.data.pages.flatMap((page) => page.items);
  return (
    <div className="item-list">
      {items.length === 0 ? (
        <EmptyState
          compact
          icon={<BellIcon />}
          title={t(tab === 'sent' ? 'list.emptySent' : 'list.emptyScheduled')}
          help={t(tab === 'sent' ? 'list.emptySentHelp' : 'list.emptyScheduledHelp')}
          action={<ButtonLink to={to(orgPaths.notificationsCreate)}>{t('list.emptyAction')}</ButtonLink>}
        />
      ) : null}
      <ul className="item-list__items" aria-label={t(`list.${tab}`)}>
        {items.map((item) => (
          <li key={item.id}>
            <Link
              className="item-list__row"
              aria-current={item.id === selected ? 'true' : undefined}
              to={to(orgPaths.notifications, {}, withTab(search, tab, item.id))}
            >
              <span className="item-list__title">{headlineOf(item) || t('list.untitled')}</span>
              <span className="item-list__meta">
                {isRecurringRoot(item) ? `${t('list.repeats')} · ` : null}
                {item.sent_at || item.send_at ? formatDateTime(new Date((item.sent_at || item.send_at)!), i18n.language) : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} loadMoreLabel={t('actions.loadMore')} loadingLabel={t('list.loading')} />
    </div>
  );
}
