import { Flex, Radio, RadioGroupField } from '@aws-amplify/ui-react';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import { useValidationMessage } from '../../../lib/i18n.ts';
import { DateInput, TimeSelect } from '../../../ui/date-time-fields.tsx';
import { shownError } from '../../../ui/formik-field.ts';
import { timeOfDay, toDateString, withDate, withTime } from '../../../lib/date-time.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import type { NotificationFormValues } from '../utils/notification-form-model.ts';
import { availableHours, availableMinutes, clampToNow, defaultSendFor, SEND_OPTIONS, type SendOption } from '../utils/send-options.ts';
import '@aws-amplify/ui-react/styles/radio.css';
import '@aws-amplify/ui-react/styles/radioGroupField.css';
import '@aws-amplify/ui-react/styles/radiogroup.css';

/** Right now (default), later today, tomorrow or a specific date; times only from now on (spec 000 §5). */
export function SendOptionsField({ form }: { form: FormikProps<NotificationFormValues> }) {
  const { t } = useTranslation('notifications');
  const message = useValidationMessage('notifications');
  // Days and hours are the organisation's (decision 0049).
  const { timeZone } = useOrganizationClock();
  const now = new Date();
  const { sendOption, send } = form.values;
  const shown = send ? timeOfDay(send, timeZone) : undefined;
  const error = message(shownError(form, 'send'));

  async function setSend(next: Date | null, option: SendOption = sendOption) {
    await form.setValues({ ...form.values, sendOption: option, send: next }, true);
    void form.setFieldTouched('send', true, false);
  }

  return (
    <Flex direction="column" gap="small">
      <RadioGroupField
        legend={t('form.sendLabel')}
        name="sendOption"
        value={sendOption}
        direction="row"
        wrap="wrap"
        onChange={(event) => {
          const option = event.target.value as SendOption;
          void setSend(defaultSendFor(option, new Date(), timeZone), option);
        }}
      >
        {SEND_OPTIONS.map((option) => (
          <Radio key={option} value={option}>
            {t(`form.sendOptions.${option}`)}
          </Radio>
        ))}
      </RadioGroupField>
      {send && sendOption !== 'now' ? (
        <Flex gap="medium" wrap="wrap" alignItems="flex-end">
          {sendOption === 'date' ? (
            <DateInput
              label={t('form.date')}
              value={toDateString(send, timeZone)}
              min={toDateString(now, timeZone)}
              onChange={(day) => {
                if (day) void setSend(clampToNow(withDate(send, day, timeZone), new Date()));
              }}
            />
          ) : null}
          <TimeSelect
            label={t('form.time')}
            hourLabel={t('form.hour')}
            minuteLabel={t('form.minute')}
            hour={shown!.hour}
            minute={shown!.minute}
            hours={availableHours(send, now, timeZone)}
            minutes={availableMinutes(send, shown!.hour, now, timeZone)}
            onChange={(hour, minute) => void setSend(clampToNow(withTime(send, hour, minute, timeZone), new Date()))}
          />
        </Flex>
      ) : null}
      {error ? (
        <span className="date-time-field__error" role="alert">
          {error}
        </span>
      ) : null}
    </Flex>
  );
}
