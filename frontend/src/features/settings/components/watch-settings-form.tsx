import { useId } from 'react';
import { Flex, Heading, SelectField, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { DISPLAY_SECONDS, VIBRATION_PATTERNS, WATCH_MESSAGE_KINDS, type WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { TimeSelect } from '../../../ui/date-time-fields.tsx';
import { useFormAction } from '../../../ui/form-action.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { FormFooter } from '../../../ui/form-footer.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { useSaveWatchSettings } from '../api/watch-settings.ts';
import { clockParts, toClock, toFormValues, toSettingsBody, validateWatchSettings, type WatchSettingsFormValues } from '../utils/watch-settings-form-model.ts';
import '@aws-amplify/ui-react/styles/switchField.css';

const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

/**
 * Decision 0038 settings/watch: how each kind of message vibrates, how long it stays on screen, and
 * quiet hours (notifications arrive silently; actions still vibrate), sent to every watch.
 */
export function WatchSettingsForm({ settings }: { settings: WatchSettings }) {
  const { t } = useTranslation('settings');
  const { organization } = useOrganizationContext();
  const save = useSaveWatchSettings(organization.id);
  const { run, error } = useFormAction();
  const message = useValidationMessage('settings');
  const vibrationId = useId();
  const quietId = useId();

  async function submit(values: WatchSettingsFormValues) {
    await run(() => save.mutateAsync(toSettingsBody(values)), t('watch.saved'));
  }

  return (
    <Formik initialValues={toFormValues(settings)} enableReinitialize validate={validateWatchSettings} onSubmit={submit}>
      {(form) => {
        const clock = (field: 'quietStart' | 'quietEnd', label: string) => {
          const { hour, minute } = clockParts(form.values[field]);
          return (
            <TimeSelect
              label={label}
              hourLabel={t('watch.hour', { label })}
              minuteLabel={t('watch.minute', { label })}
              hour={hour}
              minute={minute}
              hours={HOURS}
              minutes={MINUTES}
              disabled={!form.values.quietEnabled}
              error={message(form.errors[field])}
              onChange={(h, m) => void form.setFieldValue(field, toClock(h, m))}
            />
          );
        };
        return (
          <Flex as="form" direction="column" gap="large" maxWidth="40rem" noValidate onSubmit={form.handleSubmit}>
            <Text>{t('watch.intro')}</Text>
            <Flex as="section" direction="column" gap="small" aria-labelledby={vibrationId}>
              <Heading level={3} fontSize="large" id={vibrationId}>
                {t('watch.vibrationTitle')}
              </Heading>
              {WATCH_MESSAGE_KINDS.map((kind) => (
                <SelectField key={kind} label={t(`watch.kinds.${kind}`)} {...fieldProps(form, kind, message)}>
                  {VIBRATION_PATTERNS.map((pattern) => (
                    <option key={pattern} value={pattern}>
                      {t(`watch.patterns.${pattern}`)}
                    </option>
                  ))}
                </SelectField>
              ))}
            </Flex>
            <TextField
              label={t('watch.displaySeconds')}
              descriptiveText={t('watch.displaySecondsHint', DISPLAY_SECONDS)}
              type="number"
              min={DISPLAY_SECONDS.min}
              max={DISPLAY_SECONDS.max}
              inputMode="numeric"
              autoComplete="off"
              {...fieldProps(form, 'displaySeconds', message)}
            />
            <Flex as="section" direction="column" gap="small" aria-labelledby={quietId}>
              <Heading level={3} fontSize="large" id={quietId}>
                {t('watch.quietTitle')}
              </Heading>
              <Text>{t('watch.quietIntro')}</Text>
              <SwitchField
                label={t('watch.quietEnabled')}
                name="quietEnabled"
                isChecked={form.values.quietEnabled}
                onChange={(event) => void form.setFieldValue('quietEnabled', event.target.checked)}
              />
              <Flex gap="large" wrap="wrap">
                {clock('quietStart', t('watch.quietStart'))}
                {clock('quietEnd', t('watch.quietEnd'))}
              </Flex>
            </Flex>
            <FormError message={message(error) ?? error} />
            <FormFooter submitLabel={t('watch.save')} busyLabel={t('watch.saving')} disabled={!form.dirty || !form.isValid} busy={form.isSubmitting} />
          </Flex>
        );
      }}
    </Formik>
  );
}
