import { useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TaskDto } from '@portal/shared/tasks/task.schema';
import { orgPaths } from '../../../lib/paths.ts';
import { isRecurringChild } from '../../../lib/series-select.ts';
import { TaskForm } from '../components/task-form.tsx';
import { copyFormValues, draftFormValues, emptyTaskValues, fromTemplateValues, templateFormValues, toFormValues } from '../utils/task-form-model.ts';
import { editModeOf } from '../utils/task-view.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { EditRecurringOverlay, EditRecurringRemoteOverlay, kitLoaders } from '../../../ui/sending-kit-overlays.tsx';
import { WithDraft } from '../components/with-draft.tsx';
import { tasksKit } from '../utils/tasks-kit.ts';

const { WithItem: WithTask, WithTemplate } = kitLoaders(tasksKit);

/** /tasks/create ('New Task'). */
export function CreateTaskRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const card = tasksKit.useFormCard();
  const [initial] = useState(() => emptyTaskValues(new Date(), timeZone));
  return <TaskForm mode="create" cardTitle={t('form.createTitle')} initialValues={initial} {...card} />;
}

/** /tasks/send/{templateId}: a task from a template: closure one, reminders off, from now to the end of the day. */
export function SendFromTemplateRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const { templateId = '' } = useParams();
  const card = tasksKit.useFormCard();
  return (
    <WithTemplate id={templateId} title={t('form.sendTitle')}>
      {(template) => <TaskForm key={template.id} mode="create" cardTitle={t('form.sendTitle')} initialValues={fromTemplateValues(template, new Date(), timeZone)} templateId={template.id} {...card} />}
    </WithTemplate>
  );
}

/** /tasks/copy/{id}: a new task with its content, recipients and rules; past times start afresh. */
export function CopyTaskRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const { taskId = '' } = useParams();
  const card = tasksKit.useFormCard();
  return (
    <WithTask id={taskId} title={t('form.copyTitle')}>
      {(dto) => <TaskForm key={dto.id} mode="create" cardTitle={t('form.copyTitle')} initialValues={copyFormValues(dto, new Date(), timeZone)} {...card} />}
    </WithTask>
  );
}

/** /tasks/edit/{id}: scheduled and all_declined tasks as a whole, started or completed ones content-only; a root goes to edit-recurring. */
export function EditTaskRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const { taskId = '' } = useParams();
  const { to } = tasksKit.useNav();
  const card = tasksKit.useFormCard();
  return (
    <WithTask id={taskId} title={t('form.editTitle')}>
      {(dto) => {
        const mode = editModeOf(dto);
        if (mode === 'recurring') return <Navigate to={to(orgPaths.taskEditRecurring, { taskId: dto.id })} replace />;
        const title = t(mode === 'content' ? 'form.editContentTitle' : 'form.editTitle');
        return <TaskForm key={dto.id} mode={mode} cardTitle={title} initialValues={toFormValues(dto, new Date(), timeZone)} targetId={dto.id} seriesChild={isRecurringChild(dto)} {...card} />;
      }}
    </WithTask>
  );
}

/** The series form of a root (all occurrences). */
function SeriesForm({ root }: { root: TaskDto }) {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const card = tasksKit.useFormCard();
  return <TaskForm key={root.id} mode="recurring" cardTitle={t('form.editRecurringTitle')} initialValues={toFormValues(root, new Date(), timeZone)} targetId={root.id} {...card} />;
}

const seriesForm = (root: TaskDto) => <SeriesForm root={root} />;

/** /tasks/edit-recurring/{rootId}: a child's id goes on to edit-recurring-remote. */
export const EditRecurringRoute = () => <EditRecurringOverlay kit={tasksKit} form={seriesForm} />;

/** /tasks/edit-recurring-remote/{childId}: fetches the child's root, then edits it. */
export const EditRecurringRemoteRoute = () => <EditRecurringRemoteOverlay kit={tasksKit} form={seriesForm} />;

/** /tasks/draft/edit/{id}: saves without validation; Create Task turns it into a task. */
export function EditDraftRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const { draftId = '' } = useParams();
  const card = tasksKit.useFormCard();
  return (
    <WithDraft id={draftId} title={t('form.editDraftTitle')}>
      {(draft) => (
        <TaskForm key={draft.id} mode="draft" cardTitle={t('form.editDraftTitle')} initialValues={draftFormValues(draft, new Date(), timeZone)} draftId={draft.id} templateId={draft.meta.template_id} {...card} />
      )}
    </WithDraft>
  );
}

/** /tasks/send-from-draft/{id}: the draft in the task form, validated as a task; Create Task makes it one. */
export function SendFromDraftRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const { draftId = '' } = useParams();
  const card = tasksKit.useFormCard();
  return (
    <WithDraft id={draftId} title={t('form.sendFromDraftTitle')}>
      {(draft) => (
        <TaskForm key={draft.id} mode="create" cardTitle={t('form.sendFromDraftTitle')} initialValues={draftFormValues(draft, new Date(), timeZone)} draftId={draft.id} templateId={draft.meta.template_id} {...card} />
      )}
    </WithDraft>
  );
}

/** /tasks/template/create (the templates tab's add button). */
export function CreateTemplateRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const card = tasksKit.useFormCard();
  const [initial] = useState(() => emptyTaskValues(new Date(), timeZone));
  return <TaskForm mode="template" cardTitle={t('form.templateCreateTitle')} initialValues={initial} {...card} />;
}

/** /tasks/template/copy/{id}: a new template with its task. */
export function CopyTemplateRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const { templateId = '' } = useParams();
  const card = tasksKit.useFormCard();
  return (
    <WithTemplate id={templateId} title={t('form.templateCopyTitle')}>
      {(template) => <TaskForm key={template.id} mode="template" cardTitle={t('form.templateCopyTitle')} initialValues={templateFormValues(template, new Date(), timeZone)} {...card} />}
    </WithTemplate>
  );
}

/** /tasks/template/edit/{id}. */
export function EditTemplateRoute() {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const { templateId = '' } = useParams();
  const card = tasksKit.useFormCard();
  return (
    <WithTemplate id={templateId} title={t('form.templateEditTitle')}>
      {(template) => (
        <TaskForm key={template.id} mode="template" cardTitle={t('form.templateEditTitle')} initialValues={templateFormValues(template, new Date(), timeZone)} targetId={template.id} {...card} />
      )}
    </WithTemplate>
  );
}
