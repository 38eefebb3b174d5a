import { CheckboxField, Flex, Heading, SelectField } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_VARIANTS } from '@portal/shared/settings/dashboard-variants';
import type { GeneralSettingsResponse } from '@portal/shared/settings/general-settings.schema';
import { FEATURE_FLAG_VALUES, FEATURE_KEYS, type FeatureFlag } from '@portal/shared/tenancy/features';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { useUpdateGeneralSettings } from '../../../lib/organization-data/general-settings.ts';
import { toFormValues, toUpdateInput, toggleDashboard, type FeatureFlagsFormValues } from '../utils/feature-flags-form-model.ts';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';

/** Spec 000 §6: superadmins switch features (enable, disable, disable and hide) and dashboards. */
export function FeatureFlagsForm({ settings }: { settings: GeneralSettingsResponse }) {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const update = useUpdateGeneralSettings(organization.id);
  const { run, error } = useFormAction();

  async function submit(values: FeatureFlagsFormValues) {
    await run(() => update.mutateAsync(toUpdateInput(values)), t('general.saved'));
  }

  return (
    <Formik initialValues={toFormValues(settings)} enableReinitialize onSubmit={submit}>
      {({ values, setFieldValue, handleSubmit, isSubmitting, dirty }) => (
        <Flex as="form" direction="column" gap="large" onSubmit={handleSubmit} maxWidth="40rem">
          <Flex as="fieldset" direction="column" gap="medium" padding="0" style={{ border: 0 }}>
            <Heading as="legend" level={3} fontSize="large" marginBottom="small">
              {t('general.features')}
            </Heading>
            {FEATURE_KEYS.map((key) => (
              <SelectField
                key={key}
                label={t(`features.${key}`)}
                name={`features.${key}`}
                value={values.features[key]}
                onChange={(event) => void setFieldValue(`features.${key}`, event.target.value as FeatureFlag)}
              >
                {FEATURE_FLAG_VALUES.map((flag) => (
                  <option key={flag} value={flag}>
                    {t(`flags.${flag}`)}
                  </option>
                ))}
              </SelectField>
            ))}
          </Flex>
          <Flex as="fieldset" direction="column" gap="small" padding="0" style={{ border: 0 }}>
            <Heading as="legend" level={3} fontSize="large" marginBottom="small">
              {t('general.dashboards')}
            </Heading>
            {DASHBOARD_VARIANTS.map((variant) => (
              <CheckboxField
                key={variant}
                label={t(`dashboards.${variant}`)}
                name="dashboards"
                value={variant}
                checked={values.dashboards.includes(variant)}
                onChange={(event) => void setFieldValue('dashboards', toggleDashboard(values.dashboards, variant, event.target.checked))}
              />
            ))}
          </Flex>
          <FormError message={error} />
          <FormFooter submitLabel={t('general.save')} busyLabel={t('general.saving')} disabled={!dirty} busy={isSubmitting} />
        </Flex>
      )}
    </Formik>
  );
}
