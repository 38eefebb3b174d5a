import { CheckboxField, Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { TaskSettings } from '@portal/shared/tasks/task.schema';
import { useSaveTaskSettings, useTaskSettings } from '../api/tasks.ts';
import { fieldProps, shownOnceChanged } from '../../../ui/formik-field.ts';
import { toFormValues, toSettingsBody, validateTaskSettings, type TaskSettingsFormValues } from '../utils/task-settings-form-model.ts';
import { SettingsSectionRoute, type SectionFieldsProps, type SettingsSection } from '../../../ui/settings-section.tsx';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';

/** Spec 001 §2 settings/tasks ("reminders are set in Setup", spec 000 §4): reminders before a task's end, and the overdue notice to its creator. */
function TaskSettingsFields({ form, message }: SectionFieldsProps<TaskSettingsFormValues>) {
  const { t } = useTranslation('tasks', { keyPrefix: 'settings' });
  return (
    <>
      <Text>{t('intro')}</Text>
      <TextField label={t('reminders')} descriptiveText={t('remindersHint')} inputMode="numeric" autoComplete="off" {...fieldProps(form, 'reminders', message, shownOnceChanged)} />
      <CheckboxField
        name="notifyCreator"
        value="yes"
        label={t('notifyCreator')}
        checked={form.values.notifyCreator}
        onChange={(event) => void form.setFieldValue('notifyCreator', event.target.checked)}
      />
    </>
  );
}

const TASK_SETTINGS: SettingsSection<TaskSettings, TaskSettingsFormValues> = {
  texts: { namespace: 'tasks', keyPrefix: 'settings' },
  useSettings: useTaskSettings,
  useSave: useSaveTaskSettings,
  toFormValues,
  toSettingsBody,
  validate: validateTaskSettings,
  Fields: TaskSettingsFields,
};

/** /settings/tasks: reminders before a task's end and the overdue notice (the defaults until the organisation saves its own). */
export function TaskSettingsRoute() {
  return <SettingsSectionRoute section={TASK_SETTINGS} />;
}
