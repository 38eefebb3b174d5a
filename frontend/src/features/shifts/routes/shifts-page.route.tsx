import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { Alert } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isoWeekOf } from '@portal/shared/shifts/iso-week';
import { shiftActivityTypesQueryOptions } from '../../../lib/organization-data/shift-activity-types.ts';
import { useRecipientOptions } from '../../../lib/organization-data/recipients.ts';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { useOrganizationContext, useOrgHref } from '../../../lib/organization-context.tsx';
import { orgPaths } from '../../../lib/paths.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { RedirectTo } from '../../../ui/redirect-to.tsx';
import { shiftWeekQueryOptions, useDeleteShift, useSaveShift, useWeekCommand } from '../api/shifts.ts';
import { ShiftsGrid, type DayColumn } from '../components/shifts-grid.tsx';
import { ShiftsToolbar } from '../components/shifts-toolbar.tsx';
import { WeekStatus } from '../components/week-status.tsx';
import { isoWeekParts, readShiftsParams, shiftsPath, visibleDays, weekDays, type ShiftsLocation } from '../utils/shifts-calendar.ts';
import { dayLabels, periodLabel } from '../utils/day-labels.ts';
import { indexShifts, staffRows } from '../utils/shifts-grid-model.ts';
import { shiftChips, warningsByShift } from '../utils/shift-chips.ts';
import { useShiftPlacement } from '../hooks/use-shift-placement.ts';
import '../shifts.css';

/** The side cards and their forms load when opened: the week shows without them (the route's budget). */
const ShiftCard = lazy(async () => ({ default: (await import('../components/shift-card.tsx')).ShiftCard }));
const ShiftTemplatesCard = lazy(async () => ({ default: (await import('../components/shift-templates-card.tsx')).ShiftTemplatesCard }));
const ShiftTemplateApply = lazy(async () => ({ default: (await import('../components/shift-template-apply.tsx')).ShiftTemplateApply }));

/** A shift opened in the column of `fromDay`, or a new one for a person and day. */
type Card = { shiftId: string; fromDay: string } | { staffId: string; day: string };

/** /schedule/:date?/:view?/:templateId? (spec 000 §2): the week (default) or day of the date in the path. */
export function ShiftsPageRoute() {
  const { t, i18n } = useTranslation('shifts');
  const { organization } = useOrganizationContext();
  const orgId = organization.id;
  const orgHref = useOrgHref();
  const params = useParams<{ date?: string; view?: string; templateId?: string }>();
  // The organisation's today, not the browser's (decision 0049): the dashboard's day.
  const today = useOrganizationClock().today();
  const location = readShiftsParams(params, today);
  const { day, view } = location;
  const week = isoWeekOf(day);
  const recipients = useRecipientOptions(orgId);
  const shiftWeek = useQuery(shiftWeekQueryOptions(orgId, week));
  const activityTypes = useQuery(shiftActivityTypesQueryOptions(orgId));
  const save = useSaveShift(orgId);
  const remove = useDeleteShift(orgId);
  const command = useWeekCommand(orgId, week);
  const [card, setCard] = useState<Card>();
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const navigate = useNavigate();
  const { search } = useLocation();
  const language = i18n.language;

  const hrefOf = useCallback((next: ShiftsLocation) => orgHref(shiftsPath(next)), [orgHref]);
  const columns: DayColumn[] = useMemo(
    () => visibleDays(day, view).map((shown) => ({ day: shown, isToday: shown === today, ...dayLabels(shown, language) })),
    [day, view, today, language],
  );
  const users = recipients.data?.users;
  const staff = useMemo(() => staffRows(users ?? [], new Intl.Collator(language)), [users, language]);
  const shifts = shiftWeek.data?.shifts;
  const types = activityTypes.data?.items;
  const warnings = useMemo(() => warningsByShift(shifts ?? []), [shifts]);
  const shownDays = useMemo(() => columns.map((column) => column.day), [columns]);
  const index = useMemo(() => indexShifts(shiftChips(shifts ?? [], types ?? [], warnings), shownDays), [shifts, types, warnings, shownDays]);
  const openShift = useCallback((shiftId: string, fromDay: string) => setCard({ shiftId, fromDay }), []);
  const createShift = useCallback((staffId: string, shown: string) => setCard({ staffId, day: shown }), []);

  const placement = useShiftPlacement({ orgId, week, shifts, staff, save: save.mutateAsync });
  const { picked, announcement } = placement;

  if (!location.valid) return <RedirectTo route={orgPaths.shifts} />;
  const title = periodLabel(columns.map((column) => column.day), language);
  const edited = card && 'shiftId' in card ? shifts?.find((shift) => shift.id === card.shiftId) : undefined;
  const weekRoute = shiftsPath({ day, view });
  const ownShifts = shifts?.filter((shift) => shift.week === week).length ?? 0;

  return (
    <div className="schedule-page">
      <PageHeader title={t('title')} />
      <ShiftsToolbar location={{ day, view }} today={today} hrefOf={hrefOf} title={title} />
      <WeekStatus
        week={shiftWeek.data}
        busy={command.isPending ? command.variables : undefined}
        failure={command.isError ? formErrorMessage(command.error, t('errors.formFallback', { ns: 'app' })) : undefined}
        onCommand={(name) => command.mutate(name)}
        onTemplates={() => setTemplatesOpen(true)}
      />
      <div className="schedule-move">
        <p id="schedule-move-hint" className="schedule-move__hint">
          {t('move.hint')}
        </p>
        {/* Where a move or copy stands and how it ended, for screen readers as for the eye. */}
        <p className="schedule-move__status" role="status">
          {announcement}
        </p>
        {picked ? (
          <Button size="small" onClick={placement.cancel}>
            {t(`move.cancel.${picked.mode}`)}
          </Button>
        ) : null}
      </div>
      {recipients.isPending || shiftWeek.isPending ? (
        <PageLoader />
      ) : recipients.isError || shiftWeek.isError ? (
        <Alert variation="error">{t('loadFailed')}</Alert>
      ) : staff.length === 0 ? (
        <EmptyState title={t('grid.noStaff')} help={t('grid.noStaffHelp')} />
      ) : (
        <ShiftsGrid
          label={t('grid.label', { period: title })}
          staff={staff}
          columns={columns}
          shifts={index}
          onOpenShift={openShift}
          onCreateShift={createShift}
          picked={picked}
          onPick={placement.pick}
          onPlace={placement.place}
          describedBy="schedule-move-hint"
        />
      )}
      {card && (!('shiftId' in card) || edited) ? (
        <Suspense fallback={null}>
        <ShiftCard
          key={'shiftId' in card ? card.shiftId : `${card.staffId}:${card.day}`}
          shift={edited ?? ('staffId' in card ? { user_id: card.staffId, day: card.day } : { user_id: '', day })}
          staff={staff}
          activityTypes={types ?? []}
          warnings={edited ? (warnings.get(edited.id) ?? []) : []}
          onSave={(input) => save.mutateAsync(input)}
          onDelete={(shiftId) => remove.mutateAsync(shiftId)}
          onPick={edited && 'fromDay' in card ? (mode) => {
            setCard(undefined);
            placement.pick({ mode, shiftId: edited.id, fromDay: card.fromDay });
          } : undefined}
          onClose={() => setCard(undefined)}
        />
        </Suspense>
      ) : null}
      {templatesOpen && !location.templateId ? (
        <Suspense fallback={null}>
          <ShiftTemplatesCard week={week} weekTitle={t('toolbar.weekTitle', { ...isoWeekParts(day), period: periodLabel(weekDays(day), language) })} applyHref={(templateId) => orgHref(shiftsPath({ day, view, templateId }))} onClose={() => setTemplatesOpen(false)} />
        </Suspense>
      ) : null}
      {location.templateId && staff.length ? (
        <Suspense fallback={null}>
          <ShiftTemplateApply
            key={location.templateId}
            templateId={location.templateId}
            week={week}
            days={weekDays(day)}
            weekTitle={t('toolbar.weekTitle', { ...isoWeekParts(day), period: periodLabel(weekDays(day), language) })}
            ownShifts={ownShifts}
            staff={staff}
            weekRoute={weekRoute}
            onClose={() => void navigate({ pathname: orgHref(weekRoute), search })}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
