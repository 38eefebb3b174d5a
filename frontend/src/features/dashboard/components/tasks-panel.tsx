import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TASK_STATUSES } from '@portal/shared/dashboard/dashboard-keys';
import type { DashboardTaskDto, DashboardTasksDto } from '@portal/shared/dashboard/dashboard.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { TaskIcon } from '../../../ui/icons.tsx';
import { StatusChip } from '../../../ui/status-chip.tsx';
import { dashboardTasksQueryOptions } from '../api/dashboard.ts';
import { TASK_STATUS_TONES } from '../../../ui/status-tones.ts';
import { Panel, PanelData } from './panel.tsx';
import { StackedBar } from './stacked-bar.tsx';
import { TableRegion } from './table-region.tsx';

const completionBar = (percent: number) => [
  { key: 'completed', percent },
  { key: 'open', percent: 100 - percent },
];

function TaskRow({ task }: { task: DashboardTaskDto }) {
  const { t } = useTranslation('dashboard');
  const clock = useOrganizationClock();
  return (
    <tr>
      <th scope="row" className="dashboard-table__item">
        <span className="dashboard-table__name">{task.title || t('untitled')}</span>
        <StackedBar segments={completionBar(task.completion_percent)} />
      </th>
      <td>
        <StatusChip tone={TASK_STATUS_TONES[task.status]}>{t(`taskStatuses.${task.status}`)}</StatusChip>
      </td>
      <td>{clock.range(task.start_at, task.end_at)}</td>
      <td className="dashboard-table__number">
        {/* A scheduled task reaches its recipients at its start: until then nobody was asked. */}
        {task.recipient_count ? t('tasks.completedOf', { count: task.completed_count, total: task.recipient_count, percent: task.completion_percent }) : t('tasks.nobodyAsked')}
      </td>
      <td className="dashboard-table__number">{task.checklist ? t('tasks.checklistOf', { checked: task.checklist.checked, total: task.checklist.total }) : t('tasks.noChecklist')}</td>
    </tr>
  );
}

/** The day's overall completion and how many tasks are in each status: the wall display's headline. */
function TasksSummary({ data }: { data: DashboardTasksDto }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dashboard-summary">
      <p className="dashboard-summary__figure">
        <span className="dashboard-summary__value">{t('percent', { percent: data.overall_percent })}</span>
        <span className="dashboard-summary__label">{t('tasks.overall')}</span>
      </p>
      <StackedBar size="large" segments={completionBar(data.overall_percent)} />
      <ul className="dashboard-summary__counts" aria-label={t('tasks.statusCounts')}>
        {DASHBOARD_TASK_STATUSES.map((status) => (
          <li key={status}>
            <StatusChip tone={TASK_STATUS_TONES[status]}>{t(`taskStatuses.${status}`)}</StatusChip> <strong>{data.statuses[status]}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Today's tasks, overdue first (the API's order): status, completion, checklist progress. */
function TasksTable({ data }: { data: DashboardTasksDto }) {
  const { t } = useTranslation('dashboard');
  const clock = useOrganizationClock();
  const day = clock.day(data.date);
  if (data.items.length === 0) return <EmptyState compact icon={<TaskIcon />} title={t('tasks.empty', { date: day })} help={t('tasks.emptyHelp')} />;
  return (
    <>
      <TasksSummary data={data} />
      <TableRegion label={t('tasks.caption', { date: day })}>
        <table className="dashboard-table">
          <caption className="visually-hidden">{t('tasks.caption', { date: day })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('tasks.task')}</th>
              <th scope="col">{t('tasks.status')}</th>
              <th scope="col">{t('tasks.time')}</th>
              <th scope="col" className="dashboard-table__number">
                {t('tasks.completed')}
              </th>
              <th scope="col" className="dashboard-table__number">
                {t('tasks.checklist')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((task) => (
              <TaskRow key={task.id} task={task} />
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  );
}

export function TasksPanel() {
  const { t } = useTranslation('dashboard');
  const { organization } = useOrganizationContext();
  const query = useQuery(dashboardTasksQueryOptions(organization.id));
  return (
    <Panel title={t('panels.tasks')}>
      <PanelData query={query}>{(data) => <TasksTable data={data} />}</PanelData>
    </Panel>
  );
}
