import { Flex, Radio, RadioGroupField, SelectField, TextField } from '@aws-amplify/ui-react';
import { Formik, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { SCREEN_STATUSES, tabletSettingsFormSchema, type ScreenStatus, type TabletSettingsDto } from '@portal/shared/devices/tablet-settings.schema';
import type { TabletTemplateSummary } from '@portal/shared/devices/tablet-template.schema';
import type { TabletTriggerGroup } from '@portal/shared/settings/general-settings.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useSaveTriggerGroupMap } from '../../../lib/organization-data/general-settings.ts';
import type { TriggerGroupOption } from '../../../lib/organization-data/trigger-groups.ts';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { SideCard } from '../../../ui/side-card.tsx';
import { usePutTabletSettings } from '../api/tablet-settings.ts';
import {
  dayError,
  scheduledDays,
  toTabletFormValues,
  triggerGroupChoices,
  toTabletSettingsBody,
  withScreenStatus,
  withTime,
  withTriggerGroup,
  type TabletFormValues,
} from '../utils/tablet-form.ts';
import { ScheduleEditor } from './schedule-editor.tsx';
import '@aws-amplify/ui-react/styles/radio.css';
import '@aws-amplify/ui-react/styles/radioGroupField.css';
import '@aws-amplify/ui-react/styles/radiogroup.css';

interface TabletSettingsFormProps {
  deviceId: string;
  title: string;
  settings: TabletSettingsDto;
  templates: readonly TabletTemplateSummary[];
  triggerGroupMap: readonly TabletTriggerGroup[];
  /** The trigger groups to choose from (automation's, by name). */
  triggerGroups: readonly TriggerGroupOption[];
  /** Trigger group ids stored in general settings: still offered when not among triggerGroups. */
  triggerGroupIds: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * A tablet's settings (spec 001 §3-§5): design template, show-screen status and schedule, and its
 * trigger group (general settings' tablet map, which managers set through its own route, decision 0044).
 */
export function TabletSettingsForm({ deviceId, title, settings, templates, triggerGroupMap, triggerGroups, triggerGroupIds, onClose, onSaved }: TabletSettingsFormProps) {
  const { t } = useTranslation('devices');
  const { organization } = useOrganizationContext();
  const message = useValidationMessage('devices');
  const { run, error } = useFormAction();
  const put = usePutTabletSettings(organization.id, deviceId);
  const saveMap = useSaveTriggerGroupMap(organization.id);
  const initial = toTabletFormValues(settings, triggerGroupMap);
  const choices = triggerGroupChoices(triggerGroups, triggerGroupIds, initial.triggerGroupId);
  const choiceLabel = (id: string) => {
    const choice = choices.find((entry) => entry.id === id);
    return choice?.name ?? (id ? t('tablet.triggerGroupById', { id }) : t('tablet.noTriggerGroup'));
  };

  async function submit(values: TabletFormValues, helpers: FormikHelpers<TabletFormValues>) {
    const saved = await run(async () => {
      await put.mutateAsync(toTabletSettingsBody(values));
      if (values.triggerGroupId.trim() !== initial.triggerGroupId) {
        await saveMap.mutateAsync(withTriggerGroup(triggerGroupMap, deviceId, values.triggerGroupId.trim()));
      }
    }, t('tablet.saved'));
    if (!saved) return;
    helpers.resetForm({ values });
    onSaved();
  }

  return (
    <Formik initialValues={initial} validationSchema={tabletSettingsFormSchema} onSubmit={submit}>
      {(form) => {
        const status = form.values.power_settings.show_screen_status;
        return (
          <SideCard title={title} onClose={onClose} frozen={form.dirty} closeOnEscape>
            <Flex as="form" direction="column" gap="medium" noValidate onSubmit={form.handleSubmit}>
              <TextField label={t('tablet.serialNumber')} value={form.values.device_id} isReadOnly />
              <SelectField label={t('tablet.template')} name="templateId" value={form.values.templateId} onChange={form.handleChange}>
                <option value="">{t('tablet.noTemplate')}</option>
                {templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name}
                  </option>
                ))}
              </SelectField>
              <RadioGroupField
                legend={t('tablet.showScreen')}
                name="show_screen_status"
                direction="row"
                value={status}
                onChange={(event) => void form.setValues(withScreenStatus(form.values, event.target.value as ScreenStatus))}
              >
                {SCREEN_STATUSES.map((value) => (
                  <Radio key={value} value={value}>
                    {t(`tablet.status.${value}`)}
                  </Radio>
                ))}
              </RadioGroupField>
              {status === 'scheduled' ? (
                <ScheduleEditor
                  days={scheduledDays(form.values)}
                  schedule={form.values.power_settings.show_screen_schedule}
                  errorOf={(day) => message(dayError(form.errors, day))}
                  onChange={(day, field, value) => void form.setValues(withTime(form.values, day, field, value))}
                />
              ) : null}
              <SelectField
                label={t('tablet.triggerGroup')}
                name="triggerGroupId"
                descriptiveText={t(triggerGroups.length > 0 ? 'tablet.triggerGroupChoose' : 'tablet.triggerGroupNoneYet')}
                value={form.values.triggerGroupId}
                onChange={form.handleChange}
              >
                <option value="">{t('tablet.noTriggerGroup')}</option>
                {choices.map((choice) => (
                  <option key={choice.id} value={choice.id}>
                    {choiceLabel(choice.id)}
                  </option>
                ))}
              </SelectField>
              <FormError message={error} />
              <FormFooter submitLabel={t('form.save')} busyLabel={t('form.saving')} disabled={!form.dirty || !form.isValid} busy={form.isSubmitting} />
            </Flex>
          </SideCard>
        );
      }}
    </Formik>
  );
}
