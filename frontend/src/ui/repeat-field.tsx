import { CheckboxField, Flex, Radio, RadioGroupField, SwitchField } from '@aws-amplify/ui-react';
import type { FormikProps } from 'formik';
import { WEEKDAYS, type Weekday } from '@portal/shared/constants';
import { useOrganizationClock } from '../lib/organization-clock.ts';
import { daysOfShortcut, toggleDay, WEEKDAY_SHORTCUTS, type WeekdayShortcut } from '../lib/weekdays.ts';
import { DateInput } from './date-time-fields.tsx';
import { shownError } from './formik-field.ts';
import '@aws-amplify/ui-react/styles/checkbox.css';
import '@aws-amplify/ui-react/styles/checkboxField.css';
import '@aws-amplify/ui-react/styles/radio.css';
import '@aws-amplify/ui-react/styles/radioGroupField.css';
import '@aws-amplify/ui-react/styles/radiogroup.css';
import '@aws-amplify/ui-react/styles/switchField.css';

/** The repeat part of a form model (notifications, tasks; spec 000 §3). */
export interface RepeatValues {
  repeat: boolean;
  repeatShortcut: WeekdayShortcut;
  repeatDays: Weekday[];
  hasRepeatEndDate: boolean;
  /** 'YYYY-MM-DD'. */
  repeatEndDate: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Repeat with weekday shortcuts and an optional end date (spec 000 §3, §5). Texts from the module's
 * namespace: form.repeat, form.repeatDays, form.shortcuts.*, form.days.*, form.hasRepeatEndDate, form.repeatEndDate.
 */
export function RepeatField<V extends RepeatValues>({ form, t, message, locked = false }: { form: FormikProps<V>; t: Translate; message: (value: unknown) => string | undefined; locked?: boolean }) {
  const { values } = form;
  const clock = useOrganizationClock();
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
              void form.setValues({ ...values, hasRepeatEndDate: event.target.checked, repeatEndDate: values.repeatEndDate || clock.today() });
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
