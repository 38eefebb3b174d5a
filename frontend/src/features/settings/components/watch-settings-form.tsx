import { Flex, SelectField, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_SECONDS, VIBRATION_PATTERNS, WATCH_MESSAGE_KINDS, type WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { TimeSelect } from '../../../ui/date-time-fields.tsx';
import { fieldProps } from '../../../ui/formik-field.ts';
import { useSaveWatchSettings, useWatchSettings } from '../api/watch-settings.ts';
import { clockParts, toClock, toFormValues, toSettingsBody, validateWatchSettings, type WatchSettingsFormValues } from '../utils/watch-settings-form-model.ts';
import { SettingsGroup, type SectionFieldsProps, type SettingsSection } from '../../../ui/settings-section.tsx';
import '@aws-amplify/ui-react/styles/switchField.css';

const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

/**
 * Decision 0038 settings/watch: how each kind of message vibrates, how long it stays on screen, and
 * quiet hours (notifications arrive silently; actions still vibrate), sent to every watch.
 */
function WatchSettingsFields({ form, message }: SectionFieldsProps<WatchSettingsFormValues>) {
  const { t } = useTranslation('settings');
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
    <>
      <Text>{t('watch.intro')}</Text>
      <SettingsGroup title={t('watch.vibrationTitle')}>
        {WATCH_MESSAGE_KINDS.map((kind) => (
          <SelectField key={kind} label={t(`watch.kinds.${kind}`)} {...fieldProps(form, kind, message)}>
            {VIBRATION_PATTERNS.map((pattern) => (
              <option key={pattern} value={pattern}>
                {t(`watch.patterns.${pattern}`)}
              </option>
            ))}
          </SelectField>
        ))}
      </SettingsGroup>
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
      <SettingsGroup title={t('watch.quietTitle')} intro={t('watch.quietIntro')}>
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
      </SettingsGroup>
    </>
  );
}

export const WATCH_SETTINGS: SettingsSection<WatchSettings, WatchSettingsFormValues> = {
  texts: { namespace: 'settings', keyPrefix: 'watch' },
  useSettings: useWatchSettings,
  useSave: useSaveWatchSettings,
  toFormValues,
  toSettingsBody,
  validate: validateWatchSettings,
  Fields: WatchSettingsFields,
  gap: 'large',
};
