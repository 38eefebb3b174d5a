import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DashboardShiftsDto } from '@portal/shared/dashboard/dashboard.schema';
import type { ShiftActivityTypeDto } from '@portal/shared/shifts/shift.schema';
import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import { recipientOptionsQueryOptions } from '../../../lib/organization-data/recipients.ts';
import { shiftActivityTypesQueryOptions } from '../../../lib/organization-data/shift-activity-types.ts';
import { useOrganizationContext } from '../../../lib/organization-context.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CalendarIcon } from '../../../ui/icons.tsx';
import { dashboardShiftsQueryOptions } from '../api/dashboard.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { Panel, PanelData } from './panel.tsx';

/** Who is on a published shift today, with their activities' names and colours (the colour is decoration: the name says it). */
function ShiftList({ data, people, activities }: { data: DashboardShiftsDto; people: ReadonlyMap<string, string>; activities: ReadonlyMap<string, ShiftActivityTypeDto> }) {
  const { t } = useTranslation('dashboard');
  const clock = useOrganizationClock();
  if (data.items.length === 0) return <EmptyState compact icon={<CalendarIcon />} title={t('shifts.empty')} />;
  return (
    <ul className="dashboard-shifts" aria-label={t('shifts.list')}>
      {data.items.map((shift) => (
        <li key={shift.shift_id} className="dashboard-shifts__person">
          <span className="dashboard-shifts__name">{people.get(shift.user_id) ?? t('shifts.unknownPerson')}</span>
          <span className="dashboard-shifts__shift">
            {shift.name ? `${shift.name} · ` : ''}
            <span className="dashboard-shifts__time">{clock.range(shift.start_at, shift.end_at)}</span>
          </span>
          {shift.activities.length ? (
            <ul className="dashboard-shifts__activities" aria-label={t('shifts.activities', { name: people.get(shift.user_id) ?? shift.name })}>
              {shift.activities.map((activity, index) => {
                const type = activities.get(activity.activity_type_id);
                return (
                  <li key={`${activity.activity_type_id}-${index}`}>
                    <span className="dashboard-shifts__swatch" aria-hidden="true" style={type ? { background: type.color } : undefined} />
                    {type?.name ?? t('shifts.unknownActivity')} <span className="dashboard-shifts__time">{clock.range(activity.start_at, activity.end_at)}</span>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function ShiftsPanel() {
  const { t } = useTranslation('dashboard');
  const { organization, features } = useOrganizationContext();
  const planner = isFeatureEnabled(features, 'shift_planner');
  const query = useQuery({ ...dashboardShiftsQueryOptions(organization.id), enabled: planner });
  // The activities' names and colours live with the planner; without it there are no shifts either.
  const types = useQuery({ ...shiftActivityTypesQueryOptions(organization.id), enabled: planner });
  // The people's names as the planner shows them (the recipient choices senders may read).
  const recipients = useQuery({ ...recipientOptionsQueryOptions(organization.id), enabled: planner });
  const activities = new Map((types.data?.items ?? []).map((type) => [type.id, type]));
  const people = new Map((recipients.data?.users ?? []).map((user) => [user.id, `${user.firstname} ${user.lastname}`.trim()]));
  return (
    <Panel title={t('panels.shifts')}>
      {planner ? <PanelData query={query}>{(data) => <ShiftList data={data} people={people} activities={activities} />}</PanelData> : <EmptyState compact icon={<CalendarIcon />} title={t('shifts.plannerOff')} />}
    </Panel>
  );
}
