import { Button, Flex, Radio, RadioGroupField, SwitchField, Text } from '@aws-amplify/ui-react';
import { Formik, type FormikErrors, type FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { ContentFields, SideCardForm } from '../../../ui/content-fields.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { shownError } from '../../../ui/formik-field.ts';
import { RecipientPicker } from '../../../ui/recipient-picker.tsx';
import { RepeatField } from '../../../ui/repeat-field.tsx';
import { useToast } from '../../../ui/toasts.tsx';
import { useFormRun } from '../../../ui/use-form-run.ts';
import { usePickerLabels } from '../../../ui/use-picker-labels.ts';
import { useSaveDraft, useSendDraft } from '../api/drafts.ts';
import { useSaveTask, useTaskSettings } from '../api/tasks.ts';
import {
  closureChoosable,
  showsRepeat,
  showsSchedule,
  toContentBody,
  toDraftBody,
  toTaskBody,
  toTemplateBody,
  type TaskFormMode,
  type TaskFormValues,
} from '../utils/task-form-model.ts';
import type { TasksTab } from '../utils/task-tabs.ts';
import { canSubmit, validateTaskForm, type TaskFormErrors } from '../utils/task-validation.ts';
import { ChecklistField } from './checklist-field.tsx';
import { WhenField } from './when-field.tsx';
import '@aws-amplify/ui-react/styles/switchField.css';
import '../tasks-form.css';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { taskTemplates } from '../utils/tasks-kit.ts';

export interface TaskFormProps {
  mode: TaskFormMode;
  cardTitle: string;
  initialValues: TaskFormValues;
  /** Edit: the task (or series root); template mode: the template edited. */
  targetId?: string;
  /** A draft being edited, or turned into a task (send-from-draft). */
  draftId?: string;
  /** From a template: recorded as meta.template_id. */
  templateId?: string | null;
  /** Editing one occurrence of a series: no repeat of its own. */
  seriesChild?: boolean;
  onClose: () => void;
  onSaved: (show: { tab: TasksTab; selected?: string }) => void;
}

const asFormik = (errors: TaskFormErrors) => errors as unknown as FormikErrors<TaskFormValues>;

/** The task form (spec 000 §3-§5, §9) in a side card, for every mode. */
export function TaskForm(props: TaskFormProps) {
  const { timeZone } = useOrganizationClock();
  return (
    <Formik initialValues={props.initialValues} validate={(values) => asFormik(validateTaskForm(values, props.mode, new Date(), timeZone))} onSubmit={() => undefined}>
      {(form) => <FormBody {...props} form={form} />}
    </Formik>
  );
}

const TOUCH_ALL = { title: true, message: true, checklist: true, recipients: true, startDate: true, endDate: true, repeatDays: true, repeatEndDate: true } as const;

function FormBody({ mode, cardTitle, targetId, draftId, templateId = null, seriesChild = false, onClose, onSaved, form }: TaskFormProps & { form: FormikProps<TaskFormValues> }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const { timeZone } = useOrganizationClock();
  const saveTask = useSaveTask(organization.id);
  const saveDraft = useSaveDraft(organization.id);
  const sendDraft = useSendDraft(organization.id);
  const saveTemplate = taskTemplates.useSave(organization.id);
  const { run: runForm, formError } = useFormRun(form);
  const toast = useToast();
  const message = useValidationMessage('tasks');
  const labels = usePickerLabels();
  const { values } = form;
  const busy = form.isSubmitting;
  const contentOnly = mode === 'content';

  /** Validates with the rules of `as`, then runs `save`; errors stay on the form. */
  const run = (as: TaskFormMode, save: () => Promise<void>) => runForm(asFormik(validateTaskForm(values, as, new Date(), timeZone)), TOUCH_ALL, save);

  /** A new task: posted, or made from the draft (send-from-draft, Create Task of a draft). */
  const createTask = () =>
    run('create', async () => {
      const now = new Date();
      const task = draftId
        ? await sendDraft.mutateAsync({ draftId, body: toDraftBody(values, { now, timeZone, templateId, exact: true }) })
        : await saveTask.mutateAsync({ body: toTaskBody(values, { now, timeZone, templateId }) });
      toast.show({ message: t('form.created'), variation: 'success' });
      onSaved({ tab: task.data.status === 'scheduled' ? 'scheduled' : 'today', selected: task.id });
    });

  const submit = () => {
    if (mode === 'create') return createTask();
    return run(mode, async () => {
      const now = new Date();
      if (mode === 'template') {
        const saved = await saveTemplate.mutateAsync({ templateId: targetId, body: toTemplateBody(values) });
        toast.show({ message: t('form.templateSaved'), variation: 'success' });
        return onSaved({ tab: 'templates', selected: saved.id });
      }
      if (mode === 'draft') {
        const saved = await saveDraft.mutateAsync({ draftId, body: toDraftBody(values, { now, timeZone, templateId }) });
        toast.show({ message: t('form.draftSaved'), variation: 'success' });
        return onSaved({ tab: 'drafts', selected: saved.id });
      }
      const body = contentOnly ? toContentBody(values) : toTaskBody(values, { now, timeZone, templateId });
      const saved = await saveTask.mutateAsync({ taskId: targetId!, body });
      toast.show({ message: t('form.saved'), variation: 'success' });
      onSaved({ tab: saved.data.status === 'scheduled' ? 'scheduled' : 'all', selected: saved.id });
    });
  };

  /** Spec 000 §4: a draft saves without validation. */
  const saveAsDraft = () =>
    run('draft', async () => {
      const saved = await saveDraft.mutateAsync({ draftId, body: toDraftBody(values, { now: new Date(), timeZone, templateId }) });
      toast.show({ message: t('form.draftSaved'), variation: 'success' });
      onSaved({ tab: 'drafts', selected: saved.id });
    });

  const saveAsTemplate = () =>
    run('template', async () => {
      const saved = await saveTemplate.mutateAsync({ body: toTemplateBody(values) });
      toast.show({ message: t('form.templateSaved'), variation: 'success' });
      onSaved({ tab: 'templates', selected: saved.id });
    });

  const enabled = canSubmit(values, mode) && !busy;
  const submitLabel = { create: 'form.create', scheduled: 'form.save', content: 'form.save', recurring: 'form.save', draft: 'form.saveDraft', template: 'form.saveTemplate' }[mode];

  return (
    <SideCardForm title={cardTitle} onClose={onClose} frozen={form.dirty} onSubmit={() => void submit()}>
      {contentOnly ? <Text variation="secondary">{t('form.contentOnly')}</Text> : null}
      <ContentFields form={form} t={t} message={message} />
      <ChecklistField form={form} message={message} />
      <RecipientPicker
        label={t('form.recipients')}
        placeholder={t('form.recipientsPlaceholder')}
        value={values.recipients}
        onChange={(next) => {
          void form.setFieldValue('recipients', next);
          void form.setFieldTouched('recipients', true, false);
        }}
        labels={labels}
        disabled={contentOnly}
        error={mode === 'template' || mode === 'draft' ? undefined : message(shownError(form, 'recipients'))}
      />
      {mode !== 'template' ? <WhenField form={form} message={message} disabled={contentOnly} /> : null}
      <ClosureField form={form} disabled={contentOnly} />
      {showsSchedule(mode) || mode === 'template' ? <RemindersField form={form} /> : null}
      {showsRepeat(mode, seriesChild) ? <RepeatField form={form} t={t} message={message} locked={mode === 'recurring'} /> : null}
      {/* The server's rule messages are the schema's English text: translated like the form's own. */}
      <FormError message={message(formError.message) ?? formError.message} />
      <Flex role="group" aria-label={t('form.submitLabel')} gap="small" wrap="wrap">
        <Button type="submit" variation="primary" isDisabled={!enabled} isLoading={busy} loadingText={t('form.saving')}>
          {t(submitLabel)}
        </Button>
        {mode === 'draft' ? (
          <Button type="button" isDisabled={busy || values.recipients.length === 0} onClick={() => void createTask()}>
            {t('form.create')}
          </Button>
        ) : null}
        {mode === 'create' && !draftId ? (
          <>
            <Button type="button" isDisabled={busy} onClick={() => void saveAsDraft()}>
              {t('form.saveAsDraft')}
            </Button>
            <Button type="button" isDisabled={busy} onClick={() => void saveAsTemplate()}>
              {t('form.saveAsTemplate')}
            </Button>
          </>
        ) : null}
      </Flex>
    </SideCardForm>
  );
}

/** One or all must complete; offered only when the rule can matter (spec 000 §5), else 'one'. */
function ClosureField({ form, disabled }: { form: FormikProps<TaskFormValues>; disabled: boolean }) {
  const { t } = useTranslation('tasks');
  if (!closureChoosable(form.values)) return null;
  return (
    <RadioGroupField
      legend={t('form.closure')}
      name="closure"
      value={form.values.closure}
      direction="row"
      isDisabled={disabled}
      onChange={(event) => void form.setFieldValue('closure', event.target.value)}
    >
      <Radio value="one">{t('form.closures.one')}</Radio>
      <Radio value="all">{t('form.closures.all')}</Radio>
    </RadioGroupField>
  );
}

/** Reminders before the end, at the offsets set in /settings/tasks (spec 000 §4: "reminders are set in Setup"). */
function RemindersField({ form }: { form: FormikProps<TaskFormValues> }) {
  const { t } = useTranslation('tasks');
  const { organization } = useOrganizationContext();
  const settings = useTaskSettings(organization.id);
  const offsets = settings.data?.reminder_offsets_minutes ?? [];
  return (
    <SwitchField
      label={t('form.reminders')}
      isChecked={form.values.remindersEnabled}
      onChange={(event) => void form.setFieldValue('remindersEnabled', event.target.checked)}
      descriptiveText={settings.data ? (offsets.length ? t('form.remindersHint', { minutes: offsets.join(', ') }) : t('form.remindersNone')) : undefined}
    />
  );
}
