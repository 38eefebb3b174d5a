import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationContext } from './organization-context.tsx';
import { formatDate, formatDateTime, formatDay, formatTime, timeRange, todayIn } from './zoned-time.ts';

type Instant = Date | string | number;

/** The zoned-time helpers bound to the organisation's zone and the user's language: what a page shows. */
export interface OrganizationClock {
  timeZone: string;
  language: string;
  /** The organisation's calendar day now, 'YYYY-MM-DD'. */
  today(now?: Date): string;
  dateTime(value: Instant): string;
  date(value: Instant): string;
  time(value: Instant): string;
  day(day: string, options?: Intl.DateTimeFormatOptions): string;
  range(start: Instant, end: Instant): string;
}

export function organizationClock(timeZone: string, language: string): OrganizationClock {
  return {
    timeZone,
    language,
    today: (now = new Date()) => todayIn(timeZone, now),
    dateTime: (value) => formatDateTime(value, language, timeZone),
    date: (value) => formatDate(value, language, timeZone),
    time: (value) => formatTime(value, language, timeZone),
    day: (day, options) => formatDay(day, language, options),
    range: (start, end) => timeRange(start, end, language, timeZone),
  };
}

/** The clock of the organisation the page shows (decision 0049): its `time_zone` from GET /organizations. */
export function useOrganizationClock(): OrganizationClock {
  const { organization } = useOrganizationContext();
  const { i18n } = useTranslation();
  return useMemo(() => organizationClock(organization.time_zone, i18n.language), [organization.time_zone, i18n.language]);
}
