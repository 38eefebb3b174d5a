import { zonedParts, zonedTimeToUtc } from '@portal/shared/scheduling/recurrence';
import { organizationTimeZone } from './organization-time-zone.repository.ts';

/** A calendar day of the organisation: its date and its first instant and the next day's, in UTC. */
export interface OrganizationDay {
  date: string;
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `date` (YYYY-MM-DD, a real date: the schema checked it), or today at `now`, in `timeZone`. */
export function dayIn(timeZone: string, now: Date, date?: string): OrganizationDay {
  const today = zonedParts(now, timeZone);
  const [year, month, day] = date ? (date.split('-').map(Number) as [number, number, number]) : [today.year, today.month, today.day];
  return {
    date: `${year}-${pad(month)}-${pad(day)}`,
    start: zonedTimeToUtc({ year, month, day, hour: 0, minute: 0 }, timeZone).toISOString(),
    end: zonedTimeToUtc({ year, month, day: day + 1, hour: 0, minute: 0 }, timeZone).toISOString(),
  };
}

/** The organisation's day (AP1: its time zone, one GetItem). */
export async function organizationDay(orgId: string, now: Date, date?: string): Promise<OrganizationDay> {
  return dayIn(await organizationTimeZone(orgId), now, date);
}
