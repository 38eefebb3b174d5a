import { useId } from 'react';
import { CheckboxField, Flex, SelectField, SwitchField, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { AutomationSettings } from '@portal/shared/automation/automation.schema';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useAutomationSettings, useSaveAutomationSettings } from '../api/automation-settings.ts';
import { useTriggerGroupOptions } from '../../../lib/organization-data/trigger-groups.ts';
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
import { SettingsGroup, type SectionFieldsProps, type SettingsSection } from '../../../ui/settings-section.tsx';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';
import '@aws-amplify/ui-react/styles/switchField.css';

/**
 * Spec 001 §2, §6, §9 settings/automation: the throttle a new trigger starts with, whether users may
 * have a trigger menu, and which trigger groups may be one (the users form offers only those).
 */
function AutomationSettingsFields({ form, message }: SectionFieldsProps<AutomationSettingsFormValues>) {
  const { t } = useTranslation('automation', { keyPrefix: 'settings' });
  const { organization } = useOrganizationContext();
  const groups = useTriggerGroupOptions(organization.id);
  const menusId = useId();
  const choices = menuGroupChoices(groups, form.values.menuGroupIds);
  const menuError = message(form.errors.menuGroupIds);
  return (
    <>
      <SettingsGroup title={t('throttleTitle')} intro={t('throttleIntro')}>
        <SwitchField
          label={t('throttleEnabled')}
          name="throttleEnabled"
          isChecked={form.values.throttleEnabled}
          onChange={(event) => void form.setFieldValue('throttleEnabled', event.target.checked)}
        />
        <SelectField label={t('throttleSeconds')} isDisabled={!form.values.throttleEnabled} {...fieldProps(form, 'throttleSeconds', message)}>
          {THROTTLE_CHOICES.map((seconds) => (
            <option key={seconds} value={String(seconds)}>
              {t('seconds', { count: seconds })}
            </option>
          ))}
        </SelectField>
      </SettingsGroup>
      <SettingsGroup title={t('menusTitle')} intro={t('menusIntro')} id={menusId}>
        <SwitchField
          label={t('menusEnabled')}
          name="menusEnabled"
          isChecked={form.values.menusEnabled}
          onChange={(event) => void form.setFieldValue('menusEnabled', event.target.checked)}
        />
        <Flex as="fieldset" direction="column" gap="xs" padding="0" margin="0" style={{ border: 0 }} aria-describedby={menuError ? `${menusId}-error` : undefined}>
          <Text as="legend" fontWeight="bold" marginBottom="xs">
            {t('menuGroups')}
          </Text>
          {choices.length === 0 ? <Text variation="secondary">{t('menuGroupsNone')}</Text> : null}
          {choices.map((group) => (
            <CheckboxField
              key={group.id}
              name="menuGroupIds"
              value={group.id}
              label={group.name ?? t('menuGroupById', { id: group.id })}
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
      </SettingsGroup>
    </>
  );
}

export const AUTOMATION_SETTINGS: SettingsSection<AutomationSettings, AutomationSettingsFormValues> = {
  texts: { namespace: 'automation', keyPrefix: 'settings' },
  useSettings: useAutomationSettings,
  useSave: useSaveAutomationSettings,
  toFormValues,
  toSettingsBody,
  validate: validateAutomationSettings,
  Fields: AutomationSettingsFields,
  gap: 'large',
};
