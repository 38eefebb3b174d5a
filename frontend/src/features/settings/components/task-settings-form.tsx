import { CheckboxField, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { TaskSettings } from '@portal/shared/tasks/task.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useSaveTaskSettings } from '../../../lib/organization-data/task-settings.ts';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps, shownOnceChanged } from '../../../ui/formik-field.ts';
import { toFormValues, toSettingsBody, validateTaskSettings, type TaskSettingsFormValues } from '../utils/task-settings-form-model.ts';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';

/** Spec 001 §2 settings/tasks ("reminders are set in Setup", spec 000 §4): reminders before a task's end, and the overdue notice to its creator. */
export function TaskSettingsForm({ settings }: { settings: TaskSettings }) {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const save = useSaveTaskSettings(organization.id);
  const { run, error } = useFormAction();
  const message = useValidationMessage('settings');

  async function submit(values: TaskSettingsFormValues) {
    await run(() => save.mutateAsync(toSettingsBody(values)), t('tasks.saved'));
  }

  return (
    <Formik initialValues={toFormValues(settings)} enableReinitialize validate={validateTaskSettings} onSubmit={submit}>
      {(form) => (
        <Flex as="form" direction="column" gap="medium" maxWidth="40rem" noValidate onSubmit={form.handleSubmit}>
          <Text>{t('tasks.intro')}</Text>
          <TextField label={t('tasks.reminders')} descriptiveText={t('tasks.remindersHint')} inputMode="numeric" autoComplete="off" {...fieldProps(form, 'reminders', message, shownOnceChanged)} />
          <CheckboxField
            name="notifyCreator"
            value="yes"
            label={t('tasks.notifyCreator')}
            checked={form.values.notifyCreator}
            onChange={(event) => void form.setFieldValue('notifyCreator', event.target.checked)}
          />
          <FormError message={message(error) ?? error} />
          <FormFooter submitLabel={t('tasks.save')} busyLabel={t('tasks.saving')} disabled={!form.dirty || !form.isValid} busy={form.isSubmitting} />
        </Flex>
      )}
    </Formik>
  );
}
