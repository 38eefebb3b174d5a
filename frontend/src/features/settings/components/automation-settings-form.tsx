import { useId } from 'react';
import { CheckboxField, Flex, Heading, SelectField, SwitchField, Text } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import type { AutomationSettings } from '@portal/shared/automation/automation.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useSaveAutomationSettings } from '../../../lib/organization-data/automation-settings.ts';
import { useTriggerGroupOptions } from '../../../lib/organization-data/trigger-groups.ts';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import {
  menuGroupChoices,
  THROTTLE_CHOICES,
  toFormValues,
  toggleGroup,
  toSettingsBody,
  validateAutomationSettings,
  type AutomationSettingsFormValues,
} from '../utils/automation-settings-form-model.ts';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';
import '@aws-amplify/ui-react/styles/switchField.css';

/**
 * Spec 001 §2, §6, §9 settings/automation: the throttle a new trigger starts with, whether users may
 * have a trigger menu, and which trigger groups may be one (the users form offers only those).
 */
export function AutomationSettingsForm({ settings }: { settings: AutomationSettings }) {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const save = useSaveAutomationSettings(organization.id);
  const groups = useTriggerGroupOptions(organization.id);
  const { run, error } = useFormAction();
  const message = useValidationMessage('settings');
  const throttleId = useId();
  const menusId = useId();

  async function submit(values: AutomationSettingsFormValues) {
    await run(() => save.mutateAsync(toSettingsBody(values)), t('automation.saved'));
  }

  return (
    <Formik initialValues={toFormValues(settings)} enableReinitialize validate={validateAutomationSettings} onSubmit={submit}>
      {(form) => {
        const choices = menuGroupChoices(groups, form.values.menuGroupIds);
        const menuError = message(form.errors.menuGroupIds);
        return (
          <Flex as="form" direction="column" gap="large" maxWidth="40rem" noValidate onSubmit={form.handleSubmit}>
            <Flex as="section" direction="column" gap="small" aria-labelledby={throttleId}>
              <Heading level={3} fontSize="large" id={throttleId}>
                {t('automation.throttleTitle')}
              </Heading>
              <Text>{t('automation.throttleIntro')}</Text>
              <SwitchField
                label={t('automation.throttleEnabled')}
                name="throttleEnabled"
                isChecked={form.values.throttleEnabled}
                onChange={(event) => void form.setFieldValue('throttleEnabled', event.target.checked)}
              />
              <SelectField label={t('automation.throttleSeconds')} isDisabled={!form.values.throttleEnabled} {...fieldProps(form, 'throttleSeconds', message)}>
                {THROTTLE_CHOICES.map((seconds) => (
                  <option key={seconds} value={String(seconds)}>
                    {t('automation.seconds', { count: seconds })}
                  </option>
                ))}
              </SelectField>
            </Flex>
            <Flex as="section" direction="column" gap="small" aria-labelledby={menusId}>
              <Heading level={3} fontSize="large" id={menusId}>
                {t('automation.menusTitle')}
              </Heading>
              <Text>{t('automation.menusIntro')}</Text>
              <SwitchField
                label={t('automation.menusEnabled')}
                name="menusEnabled"
                isChecked={form.values.menusEnabled}
                onChange={(event) => void form.setFieldValue('menusEnabled', event.target.checked)}
              />
              <Flex as="fieldset" direction="column" gap="xs" padding="0" margin="0" style={{ border: 0 }} aria-describedby={menuError ? `${menusId}-error` : undefined}>
                <Text as="legend" fontWeight="bold" marginBottom="xs">
                  {t('automation.menuGroups')}
                </Text>
                {choices.length === 0 ? <Text variation="secondary">{t('automation.menuGroupsNone')}</Text> : null}
                {choices.map((group) => (
                  <CheckboxField
                    key={group.id}
                    name="menuGroupIds"
                    value={group.id}
                    label={group.name ?? t('automation.menuGroupById', { id: group.id })}
                    checked={form.values.menuGroupIds.includes(group.id)}
                    onChange={(event) => void form.setFieldValue('menuGroupIds', toggleGroup(form.values.menuGroupIds, group.id, event.target.checked))}
                  />
                ))}
                {menuError ? (
                  <Text id={`${menusId}-error`} variation="error" role="alert">
                    {menuError}
                  </Text>
                ) : null}
              </Flex>
            </Flex>
            <FormError message={message(error) ?? error} />
            <FormFooter submitLabel={t('automation.save')} busyLabel={t('automation.saving')} disabled={!form.dirty || !form.isValid} busy={form.isSubmitting} />
          </Flex>
        );
      }}
    </Formik>
  );
}
