import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskDraftDto, TaskDto, TaskTemplateDto } from '@portal/shared/tasks/task.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { isRecurringChild, isRecurringRoot, selectDecision } from '../../../lib/series-select.ts';
import { ConfirmChoices, ConfirmOnce } from '../../../ui/confirm-once.tsx';
import { InspectCard } from '../../../ui/inspect-card.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useDeleteDraft } from '../api/drafts.ts';
import { recurringRootQueryOptions, useCompleteTask, useDeleteTask } from '../api/tasks.ts';
import { useDeleteTemplate } from '../api/templates.ts';
import { WithDraft, WithTask, WithTemplate } from '../components/with-item.tsx';
import { useTasksNav } from '../hooks/use-tasks-nav.ts';
import { selectedOf, tabOf } from '../utils/task-tabs.ts';
import { canComplete, canUndo } from '../utils/task-view.ts';

type Scope = 'one' | 'all';

const headline = (dto: Pick<TaskDto, 'content'>) => dto.content.title.text || dto.content.body.text;

/** A question with one answer, carried out by `run`; a failure is reported and the question stays. */
function Confirm({ title, message, label, destructive = true, run }: { title: string; message: string; label: string; destructive?: boolean; run: () => Promise<void> }) {
  const { t } = useTranslation('tasks');
  const { close } = useTasksNav();
  return (
    <ConfirmOnce
      title={title}
      message={message}
      label={label}
      variation={destructive ? 'destructive' : 'primary'}
      cancelLabel={t('actions.cancel')}
      failedLabel={t('confirm.failed')}
      run={run}
      onCancel={() => close()}
    />
  );
}

/** /tasks/select/{id}: decides which edit applies; a series' child asks 'Just this one' or 'All Occurrences' first. */
export function SelectTaskRoute() {
  const { t } = useTranslation('tasks');
  const { taskId = '' } = useParams();
  return (
    <WithTask id={taskId} title={t('form.editTitle')}>
      {(dto) => {
        const decision = selectDecision(dto);
        if (decision.kind === 'edit') return <RedirectTo route={orgPaths.taskEdit.replace(':taskId', encodeURIComponent(dto.id))} />;
        if (decision.kind === 'edit-recurring') return <RedirectTo route={orgPaths.taskEditRecurring.replace(':taskId', encodeURIComponent(dto.id))} />;
        return <AskWhichToEdit dto={dto} />;
      }}
    </WithTask>
  );
}

function AskWhichToEdit({ dto }: { dto: TaskDto }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const client = useQueryClient();
  const { go, close } = useTasksNav();

  async function choose(scope: Scope) {
    if (scope === 'one') return go(orgPaths.taskEdit, { taskId: dto.id }, { replace: true });
    // 'All Occurrences' fetches the recurring root and edits it.
    const root = await client.fetchQuery(recurringRootQueryOptions(organization.id, dto.id));
    go(orgPaths.taskEditRecurring, { taskId: root.id }, { replace: true });
  }

  return (
    <ConfirmChoices
      title={t('confirm.editChildTitle')}
      message={t('confirm.editChildQuestion', { title: headline(dto) })}
      choices={[
        { value: 'one', label: t('confirm.justThisOne') },
        { value: 'all', label: t('confirm.allOccurrences') },
      ]}
      cancelLabel={t('actions.cancel')}
      failedLabel={t('confirm.failed')}
      run={choose}
      onCancel={() => close()}
    />
  );
}

/** /tasks/complete/{id}: 'Do you really wish to complete this task?' (a task without checklist, under way or overdue). */
export function CompleteTaskRoute() {
  const { t } = useTranslation('tasks');
  const { taskId = '' } = useParams();
  return (
    <WithTask id={taskId} title={t('confirm.completeTitle')}>
      {(dto) => (canComplete(dto) ? <ConfirmComplete dto={dto} undo={false} /> : <RedirectTo route={orgPaths.tasks} />)}
    </WithTask>
  );
}

/** /tasks/complete/undo/{id}: 'THIS IS A COMPLETED TASK' — an admin resets a completed task without checklist. */
export function UndoCompleteRoute() {
  const { t } = useTranslation('tasks');
  const { taskId = '' } = useParams();
  const { roles } = useOrganizationContext();
  return (
    <WithTask id={taskId} title={t('confirm.undoTitle')}>
      {(dto) => (canUndo(dto, roles) ? <ConfirmComplete dto={dto} undo /> : <RedirectTo route={orgPaths.tasks} />)}
    </WithTask>
  );
}

function ConfirmComplete({ dto, undo }: { dto: TaskDto; undo: boolean }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const complete = useCompleteTask(organization.id);
  const { close } = useTasksNav();
  const { search } = useLocation();
  const toast = useToast();
  return (
    <Confirm
      title={t(undo ? 'confirm.undoTitle' : 'confirm.completeTitle')}
      message={t(undo ? 'confirm.undoQuestion' : 'confirm.completeQuestion')}
      label={t(undo ? 'confirm.undo' : 'confirm.complete')}
      destructive={undo}
      run={async () => {
        await complete.mutateAsync({ taskId: dto.id, undo });
        toast.show({ message: t(undo ? 'confirm.undone' : 'confirm.completed'), variation: 'success' });
        close({ tab: tabOf(search), selected: dto.id });
      }}
    />
  );
}

/** /tasks/delete/{id}: confirm; a series' child asks 'Just this one' or 'All Occurrences'. */
export function DeleteTaskRoute() {
  const { t } = useTranslation('tasks');
  const { taskId = '' } = useParams();
  return (
    <WithTask id={taskId} title={t('confirm.deleteTitle')}>
      {(dto) => <ConfirmDelete dto={dto} />}
    </WithTask>
  );
}

function ConfirmDelete({ dto }: { dto: TaskDto }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const remove = useDeleteTask(organization.id);
  const { close } = useTasksNav();
  const { search } = useLocation();
  const toast = useToast();
  const child = isRecurringChild(dto);
  const title = headline(dto);

  async function choose(scope: Scope) {
    await remove.mutateAsync({ taskId: dto.id, scope });
    toast.show({ message: t('confirm.deleted'), variation: 'success' });
    const selected = selectedOf(search);
    close({ tab: tabOf(search), selected: selected === dto.id || scope === 'all' ? undefined : selected });
  }

  const choices = child
    ? [
        { value: 'one' as const, label: t('confirm.justThisOne'), variation: 'destructive' as const },
        { value: 'all' as const, label: t('confirm.allOccurrences'), variation: 'destructive' as const },
      ]
    : [{ value: 'one' as const, label: t('confirm.delete'), variation: 'destructive' as const }];
  const message = child ? t('confirm.deleteChildQuestion', { title }) : t(isRecurringRoot(dto) ? 'confirm.deleteSeriesQuestion' : 'confirm.deleteQuestion', { title });
  return (
    <ConfirmChoices
      title={t(child ? 'confirm.deleteChildTitle' : 'confirm.deleteTitle')}
      message={message}
      choices={choices}
      cancelLabel={t('actions.cancel')}
      failedLabel={t('confirm.failed')}
      run={choose}
      onCancel={() => close()}
    />
  );
}

/** /tasks/inspect/{id}: the stored task as JSON (developer mode). */
export function InspectTaskRoute() {
  const { t } = useTranslation('tasks');
  const { taskId = '' } = useParams();
  const { close } = useTasksNav();
  return (
    <WithTask id={taskId} title={t('inspect.title')}>
      {(dto) => <InspectCard title={t('inspect.title')} value={dto} onClose={() => close()} />}
    </WithTask>
  );
}

/** /tasks/draft/delete/{id}. */
export function DeleteDraftRoute() {
  const { t } = useTranslation('tasks');
  const { draftId = '' } = useParams();
  return (
    <WithDraft id={draftId} title={t('confirm.deleteDraftTitle')}>
      {(draft) => <ConfirmDraftDelete draft={draft} />}
    </WithDraft>
  );
}

function ConfirmDraftDelete({ draft }: { draft: TaskDraftDto }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const remove = useDeleteDraft(organization.id);
  const { close } = useTasksNav();
  const { search } = useLocation();
  const toast = useToast();
  return (
    <Confirm
      title={t('confirm.deleteDraftTitle')}
      message={t('confirm.deleteDraftQuestion', { title: draft.content.title.text || t('list.untitled') })}
      label={t('confirm.delete')}
      run={async () => {
        await remove.mutateAsync(draft.id);
        toast.show({ message: t('confirm.draftDeleted'), variation: 'success' });
        const selected = selectedOf(search);
        close({ tab: 'drafts', selected: selected === draft.id ? undefined : selected });
      }}
    />
  );
}

/** /tasks/template/inspect/{id}. */
export function InspectTemplateRoute() {
  const { t } = useTranslation('tasks');
  const { templateId = '' } = useParams();
  const { close } = useTasksNav();
  return (
    <WithTemplate id={templateId} title={t('inspect.templateTitle')}>
      {(template) => <InspectCard title={t('inspect.templateTitle')} value={template} onClose={() => close()} />}
    </WithTemplate>
  );
}

/** /tasks/template/delete/{id}: confirm, then remove. */
export function DeleteTemplateRoute() {
  const { t } = useTranslation('tasks');
  const { templateId = '' } = useParams();
  return (
    <WithTemplate id={templateId} title={t('confirm.deleteTemplateTitle')}>
      {(template) => <ConfirmTemplateDelete template={template} />}
    </WithTemplate>
  );
}

function ConfirmTemplateDelete({ template }: { template: TaskTemplateDto }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const remove = useDeleteTemplate(organization.id);
  const { close } = useTasksNav();
  const { search } = useLocation();
  const toast = useToast();
  return (
    <Confirm
      title={t('confirm.deleteTemplateTitle')}
      message={t('confirm.deleteTemplateQuestion', { title: template.title })}
      label={t('confirm.delete')}
      run={async () => {
        await remove.mutateAsync(template.id);
        toast.show({ message: t('confirm.templateDeleted'), variation: 'success' });
        const selected = selectedOf(search);
        close({ tab: 'templates', selected: selected === template.id ? undefined : selected });
      }}
    />
  );
}
