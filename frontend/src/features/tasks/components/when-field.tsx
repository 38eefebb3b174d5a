import { Flex, Radio, RadioGroupField } from '@aws-amplify/ui-react';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { DateInput, TimeSelect } from '../../../ui/date-time-fields.tsx';
import { shownError } from '../../../ui/formik-field.ts';
import { defaultEnd, defaultStartTime, type EndOption, type StartOption, type TaskFormValues } from '../utils/task-form-model.ts';
import '@aws-amplify/ui-react/styles/radio.css';
import '@aws-amplify/ui-react/styles/radioGroupField.css';
import '@aws-amplify/ui-react/styles/radiogroup.css';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';

const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);
const hourOf = (time: string) => Number(time.slice(0, 2));
const minuteOf = (time: string) => Number(time.slice(3, 5));
const hhmm = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/**
 * Start and end (spec 000 §9): 'Start of day' and 'End of day' (23:59:59) by default; a time of
 * its own starts at the next 30-minute mark, the end one hour after the start. Disabled once the
 * task has started (content-only edits).
 */
export function WhenField({ form, message, disabled }: { form: FormikProps<TaskFormValues>; message: (value: unknown) => string | undefined; disabled: boolean }) {
  const { t } = useTranslation('tasks');
  const { timeZone } = useOrganizationClock();
  const { values } = form;
  const startError = message(shownError(form, 'startDate'));
  const endError = message(shownError(form, 'endDate'));

  const update = async (patch: Partial<TaskFormValues>, touch: 'startDate' | 'endDate') => {
    await form.setValues({ ...form.values, ...patch }, true);
    void form.setFieldTouched(touch, true, false);
  };

  return (
    <Flex direction="column" gap="small">
      <fieldset className="task-form__when" disabled={disabled}>
        <legend>{t('form.start')}</legend>
        <RadioGroupField
          legend={t('form.startOption')}
          legendHidden
          name="startOption"
          value={values.startOption}
          direction="row"
          isDisabled={disabled}
          onChange={(event) => {
            const option = event.target.value as StartOption;
            void update(option === 'time' ? { startOption: option, startTime: defaultStartTime(new Date(), timeZone) } : { startOption: option }, 'startDate');
          }}
        >
          <Radio value="startOfDay">{t('form.startOfDay')}</Radio>
          <Radio value="time">{t('form.atTime')}</Radio>
        </RadioGroupField>
        <Flex gap="medium" wrap="wrap" alignItems="flex-end">
          <DateInput label={t('form.startDate')} value={values.startDate} disabled={disabled} onChange={(day) => void update({ startDate: day }, 'startDate')} error={startError} />
          {values.startOption === 'time' ? (
            <TimeSelect
              label={t('form.startTime')}
              hourLabel={t('form.startHour')}
              minuteLabel={t('form.startMinute')}
              hour={hourOf(values.startTime)}
              minute={minuteOf(values.startTime)}
              hours={HOURS}
              minutes={MINUTES}
              disabled={disabled}
              onChange={(hour, minute) => void update({ startTime: hhmm(hour, minute) }, 'startDate')}
            />
          ) : null}
        </Flex>
      </fieldset>
      <fieldset className="task-form__when" disabled={disabled}>
        <legend>{t('form.end')}</legend>
        <RadioGroupField
          legend={t('form.endOption')}
          legendHidden
          name="endOption"
          value={values.endOption}
          direction="row"
          isDisabled={disabled}
          onChange={(event) => {
            const option = event.target.value as EndOption;
            void update(option === 'time' ? { endOption: option, ...defaultEnd(values, new Date(), timeZone) } : { endOption: option }, 'endDate');
          }}
        >
          <Radio value="endOfDay">{t('form.endOfDay')}</Radio>
          <Radio value="time">{t('form.atTime')}</Radio>
        </RadioGroupField>
        <Flex gap="medium" wrap="wrap" alignItems="flex-end">
          <DateInput label={t('form.endDate')} value={values.endDate} disabled={disabled} onChange={(day) => void update({ endDate: day }, 'endDate')} error={endError} />
          {values.endOption === 'time' ? (
            <TimeSelect
              label={t('form.endTime')}
              hourLabel={t('form.endHour')}
              minuteLabel={t('form.endMinute')}
              hour={hourOf(values.endTime)}
              minute={minuteOf(values.endTime)}
              hours={HOURS}
              minutes={MINUTES}
              disabled={disabled}
              onChange={(hour, minute) => void update({ endTime: hhmm(hour, minute) }, 'endDate')}
            />
          ) : null}
        </Flex>
      </fieldset>
    </Flex>
  );
}
