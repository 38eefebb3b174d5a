import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskDraftDto, TaskDto } from '@portal/shared/tasks/task.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { InspectOverlay } from '../../../ui/inspect-overlay.tsx';
import { ConfirmOverlay } from '../../../ui/list-overlays.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { SelectEditOverlay, SeriesDeleteOverlay } from '../../../ui/series-overlays.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useDeleteDraft } from '../api/drafts.ts';
import { useCompleteTask, useDeleteTask } from '../api/tasks.ts';
import { selectedOf, tabOf } from '../utils/task-tabs.ts';
import { canComplete, canUndo } from '../utils/task-view.ts';
import { kitLoaders, seriesOf, TemplateDeleteOverlay, TemplateInspectOverlay } from '../../../ui/sending-kit-overlays.tsx';
import { WithDraft } from '../components/with-draft.tsx';
import { tasksKit } from '../utils/tasks-kit.ts';

const { WithItem: WithTask } = kitLoaders(tasksKit);

/** A series' child asks 'Just this one' or 'All Occurrences' before an edit or a delete. */
const TASK_SERIES = seriesOf(tasksKit);

/** /tasks/select/{id}: decides which edit applies; a series' child asks 'Just this one' or 'All Occurrences' first. */
export function SelectTaskRoute() {
  return <SelectEditOverlay series={TASK_SERIES} />;
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
  const { close, search } = tasksKit.useNav();
  const toast = useToast();
  return (
    <ConfirmOverlay
      overlays={tasksKit.overlays}
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
  const { organization } = useOrganizationContext();
  const remove = useDeleteTask(organization.id);
  return <SeriesDeleteOverlay series={TASK_SERIES} remove={(taskId, scope) => remove.mutateAsync({ taskId, scope })} tabOf={tabOf} />;
}

/** /tasks/inspect/{id}: the stored task as JSON (developer mode). */
export function InspectTaskRoute() {
  return <InspectOverlay overlays={tasksKit.overlays} With={WithTask} param="taskId" titleKey="inspect.title" />;
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
  const { close, search } = tasksKit.useNav();
  const toast = useToast();
  return (
    <ConfirmOverlay
      overlays={tasksKit.overlays}
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
export const InspectTemplateRoute = () => <TemplateInspectOverlay kit={tasksKit} />;

/** /tasks/template/delete/{id}: confirm, then remove. */
export const DeleteTemplateRoute = () => <TemplateDeleteOverlay kit={tasksKit} />;
