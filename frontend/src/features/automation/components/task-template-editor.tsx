import { Loader, TextAreaField } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { CHECKLIST_ITEM_TEXT_MAX } from '@portal/shared/constants';
import { CHECKLIST_ITEMS_MAX } from '@portal/shared/tasks/task.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { newId } from '../../../lib/new-id.ts';
import { ContentFields, SideCardForm } from '../../../ui/content-fields.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { SideCard } from '../../../ui/side-card.tsx';
import { taskTemplateQueryOptions, useSaveTaskTemplate } from '../api/workflow-templates.ts';
import { checklistLines, toEditValues, toNewTemplateBody, validateEdit, type TaskTemplateEditValues } from '../utils/task-template-edit.ts';
import '@aws-amplify/ui-react/styles/textArea.css';
import '@aws-amplify/ui-react/styles/textAreaField.css';

interface TaskTemplateEditorProps {
  orgId: string;
  templateId: string;
  onClose: () => void;
  /** The new template's id, for the workflow item. */
  onSaved: (templateId: string) => void;
}

/** A card over the trigger's card: the task template's title, message and checklist, saved as a new template (decision 0041). */
export function TaskTemplateEditor({ orgId, templateId, onClose, onSaved }: TaskTemplateEditorProps) {
  const { t } = useTranslation('automation');
  const template = useQuery(taskTemplateQueryOptions(orgId, templateId));
  const message = useValidationMessage('automation');
  const { run, error } = useFormAction();
  const save = useSaveTaskTemplate(orgId);
  const title = t('taskTemplate.title');

  if (!template.data) {
    return (
      <SideCard title={title} onClose={onClose} closeOnEscape>
        {template.isError ? <FormError message={t('taskTemplate.loadFailed')} /> : <Loader aria-label={t('list.loading')} />}
      </SideCard>
    );
  }
  const source = template.data;
  return (
    <Formik<TaskTemplateEditValues>
      initialValues={toEditValues(source)}
      validate={(values) => validateEdit(values, source)}
      onSubmit={async (values) => {
        let created = '';
        const ok = await run(async () => {
          created = (await save.mutateAsync({ body: toNewTemplateBody(values, source, newId) })).id;
        }, t('taskTemplate.saved'));
        if (ok) onSaved(created);
      }}
    >
      {(form) => (
        <SideCardForm title={title} onClose={onClose} frozen={form.dirty} onSubmit={form.handleSubmit}>
          <p className="task-template-editor__note">{t('taskTemplate.note')}</p>
          <ContentFields form={form} t={t} message={message} />
          <TextAreaField
            label={t('taskTemplate.checklist')}
            descriptiveText={t('taskTemplate.checklistHelp', { max: CHECKLIST_ITEMS_MAX, length: CHECKLIST_ITEM_TEXT_MAX, count: checklistLines(form.values.checklist).length })}
            rows={5}
            {...fieldProps(form, 'checklist', message)}
          />
          <FormError message={error} />
          <FormFooter submitLabel={t('taskTemplate.save')} busyLabel={t('form.saving')} disabled={!form.dirty || !form.isValid} busy={form.isSubmitting} />
        </SideCardForm>
      )}
    </Formik>
  );
}
