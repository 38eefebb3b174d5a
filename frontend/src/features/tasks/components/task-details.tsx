import { Heading, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TaskDto, TaskStatus } from '@portal/shared/tasks/task.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useRecipientOptions } from '../../../lib/organization-data/recipients.ts';
import { orgPaths } from '../../../lib/paths.ts';
import { isRecurringRoot } from '../../../lib/series-select.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { DetailsQuery, ItemDetails } from '../../../ui/item-details.tsx';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { StatusChip, type StatusTone } from '../../../ui/status-chip.tsx';
import { TASK_STATUS_TONES } from '../../../ui/status-tones.ts';
import { taskQueryOptions, taskStatusQueryOptions } from '../api/tasks.ts';
import { canComplete, canUndo, isOverdueCompleted, mayTick, recipientRows, type RecipientState } from '../utils/task-view.ts';
import { ChecklistPanel } from './checklist-panel.tsx';
import { TaskFacts } from './task-facts.tsx';
import { tasksKit } from '../utils/tasks-kit.ts';
import { TemplateDetails as KitTemplateDetails } from '../../../ui/sending-kit-panes.tsx';
import { ChecklistTitles } from './checklist-titles.tsx';

const RECIPIENT_TONES: Record<RecipientState, StatusTone> = { completed: 'success', declined: 'danger', read: 'info', received: 'neutral', sent: 'neutral' };

/** The details pane of a task; it follows the task live while open (ticks and completions from watches, the end passing). */
export function TaskDetails({ taskId }: { taskId: string }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const task = useQuery(taskQueryOptions(organization.id, taskId));
  const status = useQuery(taskStatusQueryOptions(organization.id, taskId));

  // A failed poll keeps the last status; only a first failure shows none.
  return (
    <DetailsQuery query={task} loadingLabel={t('list.loading')} notFound={t('details.notFound')}>
      {(dto) => <Details dto={dto} status={status.data ?? dto.status} />}
    </DetailsQuery>
  );
}

function Details({ dto, status }: { dto: TaskDto; status: TaskStatus | undefined }) {
  const { t } = useTranslation('tasks');
  const clock = useOrganizationClock();
  const { roles } = useOrganizationContext();
  const { to } = tasksKit.useNav();
  const sender = mayTick(roles);
  const params = { taskId: dto.id };
  const statusName = isOverdueCompleted(dto) ? 'overdueCompleted' : dto.data.status;

  return (
    <ItemDetails
      id={`details-${dto.id}`}
      title={dto.content.title.text || dto.content.body.text}
      message={dto.content.title.text ? dto.content.body.text : null}
      linksLabel={t('details.actionsLabel')}
      links={
        sender
          ? [
              { to: to(orgPaths.taskSelect, params), label: t('actions.edit') },
              { to: to(orgPaths.taskCopy, params), label: t('actions.copy') },
              { to: to(orgPaths.taskComplete, params), label: t('actions.complete'), hidden: !canComplete(dto) },
              { to: to(orgPaths.taskUndo, params), label: t('actions.undo'), hidden: !canUndo(dto, roles) },
              { to: to(orgPaths.taskDelete, params), label: t('actions.delete') },
              { to: to(orgPaths.taskInspect, params), label: t('actions.inspect'), developer: true },
            ]
          : []
      }
    >
      {/* The status is announced when it changes (a watch completes it, the end passes). */}
      <p className="task-details__status">
        <span role="status">
          <StatusChip tone={TASK_STATUS_TONES[dto.data.status]}>{t(`status.${statusName}`)}</StatusChip>
        </span>{' '}
        {dto.completed_time ? t('details.completedAt', { time: clock.dateTime(dto.completed_time) }) : null}
        {isRecurringRoot(dto) ? ` ${t('details.seriesNext')}` : null}
      </p>
      <TaskFacts
        groups={dto.recipient_groups}
        closure={dto.config.closure_criteria}
        remindersEnabled={dto.config.reminders_enabled}
        startAt={dto.start_at}
        endAt={dto.end_at}
        recurring={dto.config.recurring}
      />
      <ChecklistPanel dto={dto} states={status?.checklist_items} canTick={sender && dto.data.status !== 'scheduled' && !isRecurringRoot(dto)} />
      {status ? <Recipients dto={dto} status={status} /> : null}
    </ItemDetails>
  );
}

/** Per recipient: completed, declined, read (received or sent before that), with the counts. */
function Recipients({ dto, status }: { dto: TaskDto; status: TaskStatus }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const options = useRecipientOptions(organization.id);
  const rows = recipientRows(status, options.data);
  return (
    <section aria-labelledby={`recipients-${dto.id}`} className="item-details__status">
      <Heading level={4} fontSize="medium" id={`recipients-${dto.id}`}>
        {t('details.recipients')}
      </Heading>
      <Text variation="secondary">{t('details.counts', { completed: dto.completed_count, declined: dto.declined_count, total: dto.recipient_count })}</Text>
      {rows.length === 0 ? (
        <Text variation="secondary">{t(dto.data.status === 'scheduled' ? 'details.notDelivered' : 'details.noRecipients')}</Text>
      ) : (
        <DataTable
          label={t('details.recipientTable')}
          rows={rows}
          columns={[
            { key: 'name', header: t('details.user'), cell: (row) => row.name },
            { key: 'state', header: t('details.state'), cell: (row) => <StatusChip tone={RECIPIENT_TONES[row.state]}>{t(`recipientStates.${row.state}`)}</StatusChip> },
          ]}
        />
      )}
    </section>
  );
}

/** A template's task; its header offers send, edit, copy and delete (and inspect in developer mode): the kit's pane. */
export function TemplateDetails({ templateId }: { templateId: string }) {
  return (
    <KitTemplateDetails kit={tasksKit} templateId={templateId} notFoundKey="details.templateNotFound">
      {({ task }) => (
        <>
          <TaskFacts groups={task.recipient_groups} closure={task.config.closure_criteria} remindersEnabled={task.config.reminders_enabled} />
          <ChecklistTitles content={task.content} />
        </>
      )}
    </KitTemplateDetails>
  );
}
