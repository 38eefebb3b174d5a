import { useCallback, useMemo } from 'react';
import { Alert } from '@aws-amplify/ui-react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRecipientOptions } from '../../../lib/organization-data/recipients.ts';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { ScheduleGrid, type DayColumn } from '../components/schedule-grid.tsx';
import { ScheduleToolbar } from '../components/schedule-toolbar.tsx';
import { localDay, readScheduleParams, schedulePath, visibleDays, type ScheduleLocation } from '../utils/schedule-calendar.ts';
import { dayLabels, periodLabel } from '../utils/day-labels.ts';
import { indexShifts, staffRows } from '../utils/schedule-grid-model.ts';
import '../schedule.css';

const NO_SHIFTS = indexShifts([]);

/** /schedule/:date?/:view?/:templateId? (spec 000 §2): the week (default) or day of the date in the path. */
export function SchedulePageRoute() {
  const { t, i18n } = useTranslation('schedule');
  const { organization } = useOrganizationContext();
  const orgHref = useOrgHref();
  const params = useParams<{ date?: string; view?: string; templateId?: string }>();
  const today = localDay(new Date());
  const location = readScheduleParams(params, today);
  const { day, view } = location;
  const recipients = useRecipientOptions(organization.id);
  const language = i18n.language;

  const hrefOf = useCallback((next: ScheduleLocation) => orgHref(schedulePath(next)), [orgHref]);
  const columns: DayColumn[] = useMemo(
    () => visibleDays(day, view).map((shown) => ({ day: shown, isToday: shown === today, ...dayLabels(shown, language) })),
    [day, view, today, language],
  );
  const users = recipients.data?.users;
  const staff = useMemo(() => staffRows(users ?? [], new Intl.Collator(language)), [users, language]);
  const openShift = useCallback(() => undefined, []);

  if (!location.valid) return <RedirectTo route={orgPaths.schedule} />;
  const title = periodLabel(columns.map((column) => column.day), language);

  return (
    <div className="schedule-page">
      <PageHeader title={t('title')} />
      <ScheduleToolbar location={location} today={today} hrefOf={hrefOf} title={title} />
      {recipients.isPending ? (
        <PageLoader />
      ) : recipients.isError ? (
        <Alert variation="error">{t('loadFailed')}</Alert>
      ) : staff.length === 0 ? (
        <EmptyState title={t('grid.noStaff')} help={t('grid.noStaffHelp')} />
      ) : (
        <ScheduleGrid label={t('grid.label', { period: title })} staff={staff} columns={columns} shifts={NO_SHIFTS} onOpenShift={openShift} />
      )}
    </div>
  );
}
