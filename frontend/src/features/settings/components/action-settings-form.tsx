import { Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { ActionSettings } from '@portal/shared/actions/action.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useSaveActionSettings } from '../../../lib/organization-data/action-settings.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps, shownOnceChanged } from '../../../ui/formik-field.ts';
import { parseOptions, toFormValues, toSettingsBody, validateActionSettings, type ActionSettingsFormValues } from '../utils/action-settings-form-model.ts';

/** Spec 001 §2 settings/actions: the time-outs the action form offers (seconds) and the one it starts with. */
export function ActionSettingsForm({ settings }: { settings: ActionSettings }) {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const save = useSaveActionSettings(organization.id);
  const { run, error } = useFormAction();
  const message = useValidationMessage('settings');

  async function submit(values: ActionSettingsFormValues) {
    await run(() => save.mutateAsync(toSettingsBody(values)), t('actions.saved'));
  }

  return (
    <Formik initialValues={toFormValues(settings)} enableReinitialize validate={validateActionSettings} onSubmit={submit}>
      {(form) => {
        const options = parseOptions(form.values.options) ?? [];
        return (
          <Flex as="form" direction="column" gap="medium" maxWidth="40rem" noValidate onSubmit={form.handleSubmit}>
            <Text>{t('actions.intro')}</Text>
            <TextField label={t('actions.options')} descriptiveText={t('actions.optionsHint')} inputMode="numeric" autoComplete="off" {...fieldProps(form, 'options', message, shownOnceChanged)} />
            <SelectField label={t('actions.default')} {...fieldProps(form, 'defaultSeconds', message, shownOnceChanged)}>
              {options.map((seconds) => (
                <option key={seconds} value={String(seconds)}>
                  {t('actions.seconds', { count: seconds })}
                </option>
              ))}
            </SelectField>
            <FormError message={message(error) ?? error} />
            <FormFooter submitLabel={t('actions.save')} busyLabel={t('actions.saving')} disabled={!form.dirty || !form.isValid} busy={form.isSubmitting} />
          </Flex>
        );
      }}
    </Formik>
  );
}
