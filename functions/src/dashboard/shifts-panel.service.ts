import type { DashboardShiftsDto } from '@portal/shared/dashboard/dashboard.schema';
import { isoWeekday, isoWeekOf, previousWeek } from '@portal/shared/shifts/iso-week';
import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import { getFeatureFlags } from '../platform/tenancy/feature-flags.repository.ts';
import { publishedShiftsBetween } from '../shifts/public.ts';
import { organizationDay } from '../platform/tenancy/organization-day.ts';

/**
 * The shifts panel (AP85, decision 0036): the published shifts running on the organisation's date,
 * from ONE Query of the published shifts' rows (on a Monday over the week before too, for night
 * shifts into it). Empty while the shift planner is off: nothing is published then.
 */
export async function shiftsPanel(orgId: string, date: string | undefined, now = new Date()): Promise<DashboardShiftsDto> {
  const [day, flags] = await Promise.all([organizationDay(orgId, now, date), getFeatureFlags(orgId)]);
  if (!isFeatureEnabled(flags, 'shift_planner')) return { date: day.date, items: [] };
  const week = isoWeekOf(day.date);
  const weeks = isoWeekday(day.date) === 1 ? [week, previousWeek(week)] : [week];
  return { date: day.date, items: await publishedShiftsBetween(orgId, weeks, day.start, day.end) };
}
