import { SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ActionSettings } from '@portal/shared/actions/action.schema';
import { useActionSettings, useSaveActionSettings } from '../api/actions.ts';
import { fieldProps, shownOnceChanged } from '../../../ui/formik-field.ts';
import { parseOptions, toFormValues, toSettingsBody, validateActionSettings, type ActionSettingsFormValues } from '../utils/action-settings-form-model.ts';
import { SettingsSectionRoute, type SectionFieldsProps, type SettingsSection } from '../../../ui/settings-section.tsx';

/** Spec 001 §2 settings/actions: the time-outs the action form offers (seconds) and the one it starts with. */
function ActionSettingsFields({ form, message }: SectionFieldsProps<ActionSettingsFormValues>) {
  const { t } = useTranslation('actions', { keyPrefix: 'settings' });
  const options = parseOptions(form.values.options) ?? [];
  return (
    <>
      <Text>{t('intro')}</Text>
      <TextField label={t('options')} descriptiveText={t('optionsHint')} inputMode="numeric" autoComplete="off" {...fieldProps(form, 'options', message, shownOnceChanged)} />
      <SelectField label={t('default')} {...fieldProps(form, 'defaultSeconds', message, shownOnceChanged)}>
        {options.map((seconds) => (
          <option key={seconds} value={String(seconds)}>
            {t('seconds', { count: seconds })}
          </option>
        ))}
      </SelectField>
    </>
  );
}

const ACTION_SETTINGS: SettingsSection<ActionSettings, ActionSettingsFormValues> = {
  texts: { namespace: 'actions', keyPrefix: 'settings' },
  useSettings: useActionSettings,
  useSave: useSaveActionSettings,
  toFormValues,
  toSettingsBody,
  validate: validateActionSettings,
  Fields: ActionSettingsFields,
};

/** /settings/actions: the organisation's action time-outs (the defaults until it saves its own). */
export function ActionSettingsRoute() {
  return <SettingsSectionRoute section={ACTION_SETTINGS} />;
}
