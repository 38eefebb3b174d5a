import type { Weekday } from '@portal/shared/constants';
import type { ScreenSchedule } from '@portal/shared/devices/tablet-settings.schema';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../ui/select.tsx';
import { TIME_FIELDS, optionsOf, twoDigits, type TimeField } from '../utils/tablet-form.ts';

interface ScheduleEditorProps {
  days: readonly Weekday[];
  schedule: ScreenSchedule;
  errorOf: (day: Weekday) => string | undefined;
  onChange: (day: Weekday, field: TimeField, value: string) => void;
  disabled?: boolean;
}

/** Per weekday: start and end hour (0-23) and minute (0-59); the weekday's error below its row. */
export function ScheduleEditor({ days, schedule, errorOf, onChange, disabled = false }: ScheduleEditorProps) {
  const { t } = useTranslation('devices');
  return (
    <table className="schedule">
      <caption className="visually-hidden">{t('tablet.schedule')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('tablet.weekday')}</th>
          <th scope="col">{t('tablet.start')}</th>
          <th scope="col">{t('tablet.end')}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => {
          const value = schedule[day];
          const error = errorOf(day);
          const errorId = `schedule-${day}-error`;
          const select = (field: TimeField) => (
            <Select
              compact
              aria-label={t(`tablet.fields.${field}`, { day: t(`weekdays.${day}`) })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              disabled={disabled}
              value={value?.[field] ?? ''}
              onChange={(event) => onChange(day, field, event.target.value)}
            >
              {optionsOf(field).map((n) => (
                <option key={n} value={n}>
                  {twoDigits(n)}
                </option>
              ))}
            </Select>
          );
          return (
            <tr key={day} className={error ? 'schedule__row schedule__row--error' : 'schedule__row'}>
              <th scope="row">
                {t(`weekdays.${day}`)}
                {error ? (
                  <span id={errorId} role="alert" className="schedule__error">
                    {error}
                  </span>
                ) : null}
              </th>
              <td>
                <span className="schedule__time">
                  {select(TIME_FIELDS[0]!)}:{select(TIME_FIELDS[1]!)}
                </span>
              </td>
              <td>
                <span className="schedule__time">
                  {select(TIME_FIELDS[2]!)}:{select(TIME_FIELDS[3]!)}
                </span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
