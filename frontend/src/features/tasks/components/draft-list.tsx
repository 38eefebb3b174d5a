import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formatDateTime } from '../../../ui/format-date.ts';
import { TaskIcon } from '../../../ui/icons.tsx';
import { LoadMoreFooter } from '../../../ui/load-more-footer.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { draftListQueryOptions } from '../api/drafts.ts';
import { useTasksNav } from '../hooks/use-tasks-nav.ts';
import { withTab } from '../utils/task-tabs.ts';

/** Drafts, newest first; an untitled one shows as the server stored it ('Untitled Draft '). */
export function DraftList({ selected }: { selected: string | undefined }) {
  const { t, i18n } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const { to, search } = useTasksNav();
  const list = useInfiniteQuery(draftListQueryOptions(organization.id));

  if (list.isPending) return <PageLoader />;
  if (list.isError) throw list.error;
  const items = list.data.pages.flatMap((page) => page.items);
  return (
    <div className="item-list">
      {items.length === 0 ? (
        <EmptyState compact icon={<TaskIcon />} title={t('list.empty.drafts')} help={t('list.emptyDraftsHelp')} action={<ButtonLink to={to(orgPaths.tasksCreate)}>{t('list.emptyAction')}</ButtonLink>} />
      ) : null}
      <ul className="item-list__items" aria-label={t('list.label.drafts')}>
        {items.map((item) => (
          <li key={item.id}>
            <Link className="item-list__row" aria-current={item.id === selected ? 'true' : undefined} to={to(orgPaths.tasks, {}, withTab(search, 'drafts', item.id))}>
              <span className="item-list__title">{item.content.title.text || t('list.untitled')}</span>
              <span className="item-list__meta">{t('list.savedAt', { time: formatDateTime(new Date(item.updated_time), i18n.language) })}</span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMoreFooter list={list} loadMoreLabel={t('actions.loadMore')} loadingLabel={t('list.loading')} />
    </div>
  );
}
