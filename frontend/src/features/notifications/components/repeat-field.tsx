import { CheckboxField, Flex, Radio, RadioGroupField, SwitchField } from '@aws-amplify/ui-react';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@portal/shared/constants';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { DateInput } from '../../../ui/date-time-fields.tsx';
import { shownError } from '../../../ui/formik-field.ts';
import { startOfDay, toDateString } from '../utils/date-time.ts';
import type { NotificationFormValues } from '../utils/notification-form-model.ts';
import { daysOfShortcut, toggleDay, WEEKDAY_SHORTCUTS, type WeekdayShortcut } from '../utils/weekdays.ts';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';
import '@aws-amplify/ui-react/styles/radio.css';
import '@aws-amplify/ui-react/styles/radioGroupField.css';
import '@aws-amplify/ui-react/styles/radiogroup.css';
import '@aws-amplify/ui-react/styles/switchField.css';

/** Repeat with weekday shortcuts and an optional end date (spec 000 §3, §5). */
export function RepeatField({ form, locked = false }: { form: FormikProps<NotificationFormValues>; locked?: boolean }) {
  const { t } = useTranslation('notifications');
  const message = useValidationMessage('notifications');
  const { values } = form;
  const shown = (field: 'repeatDays' | 'repeatEndDate') => message(shownError(form, field));

  return (
    <Flex direction="column" gap="small">
      <SwitchField
        label={t('form.repeat')}
        isChecked={values.repeat}
        isDisabled={locked}
        onChange={(event) => void form.setFieldValue('repeat', event.target.checked)}
      />
      {values.repeat ? (
        <>
          <RadioGroupField
            legend={t('form.repeatDays')}
            name="repeatShortcut"
            value={values.repeatShortcut}
            direction="row"
            wrap="wrap"
            onChange={(event) => {
              const shortcut = event.target.value as WeekdayShortcut;
              void form.setValues({ ...values, repeatShortcut: shortcut, repeatDays: daysOfShortcut(shortcut) });
              void form.setFieldTouched('repeatDays', true, false);
            }}
          >
            {WEEKDAY_SHORTCUTS.map((shortcut) => (
              <Radio key={shortcut} value={shortcut}>
                {t(`form.shortcuts.${shortcut}`)}
              </Radio>
            ))}
          </RadioGroupField>
          {values.repeatShortcut === 'custom' ? (
            <Flex gap="small" wrap="wrap" role="group" aria-label={t('form.repeatDays')}>
              {WEEKDAYS.map((day) => (
                <CheckboxField
                  key={day}
                  name="repeatDays"
                  value={day}
                  label={t(`form.days.${day}`)}
                  checked={values.repeatDays.includes(day)}
                  onChange={(event) => {
                    void form.setFieldValue('repeatDays', toggleDay(values.repeatDays, day, event.target.checked));
                    void form.setFieldTouched('repeatDays', true, false);
                  }}
                />
              ))}
            </Flex>
          ) : null}
          {shown('repeatDays') ? (
            <span className="date-time-field__error" role="alert">
              {shown('repeatDays')}
            </span>
          ) : null}
          <SwitchField
            label={t('form.hasRepeatEndDate')}
            isChecked={values.hasRepeatEndDate}
            onChange={(event) => {
              // Defaults to today's start of day (spec 000 §5).
              void form.setValues({ ...values, hasRepeatEndDate: event.target.checked, repeatEndDate: values.repeatEndDate || toDateString(startOfDay(new Date())) });
            }}
          />
          {values.hasRepeatEndDate ? (
            <DateInput
              label={t('form.repeatEndDate')}
              value={values.repeatEndDate}
              onChange={(day) => {
                void form.setFieldValue('repeatEndDate', day);
                void form.setFieldTouched('repeatEndDate', true, false);
              }}
              error={shown('repeatEndDate')}
            />
          ) : null}
        </>
      ) : null}
    </Flex>
  );
}
