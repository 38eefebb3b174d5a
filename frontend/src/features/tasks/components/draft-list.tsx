import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { TaskIcon } from '../../../ui/icons.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { draftListQueryOptions } from '../api/drafts.ts';
import { withTab } from '../utils/task-tabs.ts';
import { tasksKit } from '../utils/tasks-kit.ts';

/** Drafts, newest first; an untitled one shows as the server stored it ('Untitled Draft '). */
export function DraftList({ selected }: { selected: string | undefined }) {
  const { t } = useTranslation('tasks');
  const clock = useOrganizationClock();
  const { organization } = useOrganizationContext();
  const { to, search } = tasksKit.useNav();
  return (
    <PagedList
      queryOptions={draftListQueryOptions(organization.id)}
      label={t('list.label.drafts')}
      empty={<EmptyState compact icon={<TaskIcon />} title={t('list.empty.drafts')} help={t('list.emptyDraftsHelp')} action={<ButtonLink to={to(orgPaths.tasksCreate)}>{t('list.emptyAction')}</ButtonLink>} />}
      selected={selected}
      rowTo={(item) => to(orgPaths.tasks, {}, withTab(search, 'drafts', item.id))}
      title={(item) => item.content.title.text || t('list.untitled')}
      meta={(item) => t('list.savedAt', { time: clock.dateTime(item.updated_time) })}
      loadMoreLabel={t('actions.loadMore')}
      loadingLabel={t('list.loading')}
    />
  );
}
