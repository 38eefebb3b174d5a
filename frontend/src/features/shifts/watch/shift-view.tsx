import { useTranslation } from 'react-i18next';
import { useWatchTimeZone } from '../../../watch/watch-time-zone.ts';
import { weekNumber } from '@portal/shared/shifts/iso-week';
import { formatShiftTimes } from './shift-inbox.ts';
import type { WatchMessage } from '../../../watch/watch-message.ts';

/** The card's and the opened message's heading: "Your shifts, week 10". */
export function ShiftsTitle({ message }: { message: WatchMessage }) {
  const { t } = useTranslation('watch');
  if (!message.shifts) return null;
  return <>{t('shifts.title', { week: weekNumber(message.shifts.week) })}</>;
}

/** On the card: how many shifts the week holds, or that none are left. */
export function ShiftsSummary({ message }: { message: WatchMessage }) {
  const { t } = useTranslation('watch');
  if (!message.shifts) return null;
  const count = message.shifts.shifts.length;
  return <span className="watch__shifts-line">{count ? t('shifts.count', { count }) : t('shifts.none')}</span>;
}

/**
 * The opened week: each shift with its day, hours and name, and its activities with their colour
 * (beside the name, which says it in words) and hours. Times in the watch's time zone, as a task's end.
 */
export function ShiftsPanel({ message }: { message: WatchMessage }) {
  const { t, i18n } = useTranslation('watch');
  const timeZone = useWatchTimeZone();
  if (!message.shifts) return null;
  const { shifts } = message.shifts;
  if (!shifts.length) return <p className="watch__shifts-none">{t('shifts.none')}</p>;
  return (
    <ul className="watch__shifts" aria-label={t('shifts.list')}>
      {shifts.map((shift) => {
        const { day, hours } = formatShiftTimes(shift.start_at, shift.end_at, i18n.language, timeZone);
        return (
          <li key={shift.shift_id} className="watch__shift">
            <span className="watch__shift-when">
              {day} · {hours}
            </span>
            {shift.name ? <span className="watch__shift-name">{shift.name}</span> : null}
            {shift.activities.length ? (
              <ul className="watch__shift-activities" aria-label={t('shifts.activities')}>
                {shift.activities.map((activity) => (
                  <li key={`${activity.activity_type_id}:${activity.start_at}`} className="watch__shift-activity">
                    <span className="watch__shift-dot" style={{ backgroundColor: activity.color }} aria-hidden="true" />
                    <span>{activity.name}</span>
                    <span className="watch__shift-hours">{formatShiftTimes(activity.start_at, activity.end_at, i18n.language, timeZone).hours}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
