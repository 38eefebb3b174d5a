import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { isoWeekParts, stepDay, weekDays, type ShiftsLocation, type ShiftsView } from '../utils/shifts-calendar.ts';

interface ShiftsToolbarProps {
  location: ShiftsLocation;
  today: string;
  /** The link to a location of the planner. */
  hrefOf: (location: ShiftsLocation) => string;
  /** The title of the shown period ('Week 48 · 23–29 Nov 2026'), also the grid's name. */
  title: string;
}

/** Back, today and forward by the view's step; week and day views; the ISO week number. */
export function ShiftsToolbar({ location, today, hrefOf, title }: ShiftsToolbarProps) {
  const { t } = useTranslation('shifts');
  const { day, view } = location;
  const to = (next: { day?: string; view?: ShiftsView }) => hrefOf({ ...location, ...next });
  const { week, year } = isoWeekParts(day);
  const showsToday = view === 'week' ? weekDays(day).includes(today) : day === today;
  return (
    <div className="schedule-toolbar">
      <nav className="schedule-toolbar__steps" aria-label={t('toolbar.period')}>
        <ButtonLink size="small" to={to({ day: stepDay(day, view, -1) })} aria-label={t(`toolbar.back.${view}`)}>
          <span aria-hidden="true">‹</span>
        </ButtonLink>
        <ButtonLink size="small" to={to({ day: today })} aria-current={showsToday ? 'date' : undefined}>
          {t('toolbar.today')}
        </ButtonLink>
        <ButtonLink size="small" to={to({ day: stepDay(day, view, 1) })} aria-label={t(`toolbar.forward.${view}`)}>
          <span aria-hidden="true">›</span>
        </ButtonLink>
      </nav>
      <p className="schedule-toolbar__title" aria-live="polite">
        <span className="schedule-toolbar__week">{t('toolbar.week', { week, year })}</span> {title}
      </p>
      <nav className="schedule-toolbar__views" aria-label={t('toolbar.views')}>
        {(['week', 'day'] as const).map((name) => (
          <ButtonLink key={name} size="small" variation={name === view ? 'primary' : 'default'} to={to({ view: name })} aria-current={name === view ? 'page' : undefined}>
            {t(`toolbar.view.${name}`)}
          </ButtonLink>
        ))}
      </nav>
    </div>
  );
}
