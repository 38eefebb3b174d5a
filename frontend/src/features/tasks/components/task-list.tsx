import { useTranslation } from 'react-i18next';
import type { TaskListTab } from '@portal/shared/tasks/task.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { TaskIcon } from '../../../ui/icons.tsx';
import { PagedList } from '../../../ui/paged-list.tsx';
import { TASK_STATUS_TONES } from '../../../ui/status-tones.ts';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { TriggerChip } from '../../../ui/trigger-chip.tsx';
import { taskListQueryOptions } from '../api/tasks.ts';
import { withTab } from '../utils/task-tabs.ts';
import { isOverdueCompleted } from '../utils/task-view.ts';
import { tasksKit } from '../utils/tasks-kit.ts';

/** One tab of tasks (today, scheduled, completed, all), a page at a time, with each task's status. */
export function TaskList({ tab, selected, canCreate }: { tab: TaskListTab; selected: string | undefined; canCreate: boolean }) {
  const { t } = useTranslation('tasks');
  const clock = useOrganizationClock();
  const { organization } = useOrganizationContext();
  const { to, search } = tasksKit.useNav();
  return (
    <PagedList
      queryOptions={taskListQueryOptions(organization.id, tab)}
      label={t(`list.label.${tab}`)}
      empty={
        <EmptyState
          compact
          icon={<TaskIcon />}
          title={t(`list.empty.${tab}`)}
          help={t('list.emptyHelp')}
          action={canCreate ? <ButtonLink to={to(orgPaths.tasksCreate)}>{t('list.emptyAction')}</ButtonLink> : undefined}
        />
      }
      selected={selected}
      rowTo={(item) => to(orgPaths.tasks, {}, withTab(search, tab, item.id))}
      title={(item) => item.content.title.text || item.content.body.text}
      meta={(item) => (
        <>
          <StatusChip tone={TASK_STATUS_TONES[item.data.status]}>{t(isOverdueCompleted(item) ? 'status.overdueCompleted' : `status.${item.data.status}`)}</StatusChip>{' '}
          {t('list.when', { start: clock.dateTime(item.start_at), end: clock.dateTime(item.end_at) })}
          {item.recipient_count ? ` · ${t('list.completed', { count: item.completed_count, total: item.recipient_count })}` : ''}
          {item.meta.trigger_id ? <>{' '}<TriggerChip triggerId={item.meta.trigger_id} namespace="tasks" /></> : null}
        </>
      )}
      loadMoreLabel={t('actions.loadMore')}
      loadingLabel={t('list.loading')}
    />
  );
}
