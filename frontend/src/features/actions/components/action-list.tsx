import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatDateTime } from '../../../ui/format-date.ts';
import { BellIcon } from '../../../ui/icons.tsx';
import { LoadMoreFooter } from '../../../ui/load-more-footer.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { actionListQueryOptions } from '../api/actions.ts';
import { useActionsNav } from '../hooks/use-actions-nav.ts';
import { STATE_TONES } from '../utils/action-state.ts';
import { withTab } from '../utils/action-tabs.ts';

/** The sent list, newest first, with each action's state; it follows open actions live. */
export function ActionList({ selected }: { selected: string | undefined }) {
  const { t, i18n } = useTranslation('actions');
  const { organization } = useOrganizationContext();
  const { to, search } = useActionsNav();
  const list = useInfiniteQuery(actionListQueryOptions(organization.id));

  if (list.isPending) return <PageLoader />;
  if (list.isError) throw list.error;
  const items = list.data.pages.flatMap((page) => page.items);
  return (
    <div className="item-list">
      {items.length === 0 ? (
        <EmptyState
          compact
          icon={<BellIcon />}
          title={t('list.emptySent')}
          help={t('list.emptySentHelp')}
          action={<ButtonLink to={to(orgPaths.actionsCreate)}>{t('list.emptyAction')}</ButtonLink>}
        />
      ) : null}
      <ul className="item-list__items" aria-label={t('list.sent')}>
        {items.map((item) => (
          <li key={item.id}>
            <Link className="item-list__row" aria-current={item.id === selected ? 'true' : undefined} to={to(orgPaths.actions, {}, withTab(search, 'sent', item.id))}>
              <span className="item-list__title">{item.content.title.text}</span>
              <span className="item-list__meta">
                <StatusChip tone={STATE_TONES[item.state]}>{t(`states.${item.state}`)}</StatusChip> {formatDateTime(new Date(item.opts.send_time), i18n.language)} ·{' '}
                {t('list.accepted', { count: item.accepted_count, total: item.recipient_count })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} loadMoreLabel={t('actions.loadMore')} loadingLabel={t('list.loading')} />
    </div>
  );
}
