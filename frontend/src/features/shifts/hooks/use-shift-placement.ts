import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShiftDto } from '@portal/shared/shifts/shift.schema';
import { useOrganizationClock } from '../../../lib/organization-clock.ts';
import { formErrorMessage } from '../../../ui/form-error-message.ts';
import { useEscape } from '../../../ui/use-escape.ts';
import { useCachedWeek, type SaveShiftInput } from '../api/shifts.ts';
import { dayLabels } from '../utils/day-labels.ts';
import type { StaffRow } from '../utils/shifts-grid-model.ts';
import { warningsByShift } from '../utils/shift-chips.ts';
import type { PickedShift } from '../utils/shift-moves.ts';

interface ShiftPlacementOptions {
  orgId: string;
  week: string;
  shifts: readonly ShiftDto[] | undefined;
  staff: readonly StaffRow[];
  save: (input: SaveShiftInput) => Promise<ShiftDto>;
}

/**
 * Moving and copying a shift (decision 0035): `pick` starts it (M, C, the card's buttons), `place`
 * puts it in a cell (PUT for a move, POST for a copy: a new draft), Escape or `cancel` ends it.
 * `announcement` says where it stands and how it ended, with the warnings the week then has for it.
 */
export function useShiftPlacement({ orgId, week, shifts, staff, save }: ShiftPlacementOptions) {
  const { t, i18n } = useTranslation('shifts');
  const { timeZone } = useOrganizationClock();
  const [picked, setPicked] = useState<PickedShift>();
  const [announcement, setAnnouncement] = useState('');
  const cachedWeek = useCachedWeek(orgId, week);
  const language = i18n.language;

  /** A shift as the announcements name it: 'Early 08:00–16:00', the person and the long day. */
  const partsOf = useCallback(
    (shift: Pick<ShiftDto, 'name' | 'start' | 'end'>, staffId: string, day: string) => ({
      shift: `${shift.name || t('grid.unnamed')} ${shift.start.time.slice(0, 5)}–${shift.end.time.slice(0, 5)}`,
      person: staff.find((person) => person.id === staffId)?.name ?? '',
      day: dayLabels(day, language).longLabel,
    }),
    [t, staff, language],
  );

  const pick = useCallback(
    (next: PickedShift) => {
      const shift = shifts?.find((candidate) => candidate.id === next.shiftId);
      if (!shift) return;
      setPicked(next);
      setAnnouncement(t(`move.start.${next.mode}`, partsOf(shift, shift.user_id, next.fromDay)));
    },
    [shifts, t, partsOf],
  );

  const cancel = useCallback(() => {
    if (!picked) return;
    setPicked(undefined);
    setAnnouncement(t(`move.cancelled.${picked.mode}`));
  }, [picked, t]);
  useEscape(Boolean(picked), cancel);

  const place = useCallback(
    async (next: PickedShift, target: { staffId: string; day: string }) => {
      const shift = shifts?.find((candidate) => candidate.id === next.shiftId);
      setPicked(undefined);
      if (!shift) return;
      // The body is built on demand: the form model (and the schema it reads) stays out of the route's first load.
      const { placedShiftInput } = await import('../utils/shift-moves.ts');
      const body = placedShiftInput(shift, next, target, timeZone);
      if (!body) return setAnnouncement(t('move.unchanged'));
      setAnnouncement(t(`move.busy.${next.mode}`));
      try {
        const saved = await save({ shiftId: next.mode === 'move' ? shift.id : undefined, body });
        // The save has read the week again: its warnings for the placed shift are the week's as it now is.
        const after = warningsByShift(cachedWeek()?.shifts ?? []).get(saved.id) ?? [];
        const result = t(`move.done.${next.mode}`, partsOf(saved, target.staffId, target.day));
        const warned = after.length ? ` ${t('move.warnings', { count: after.length, warnings: after.map((warning) => t(`warnings.${warning.kind}`)).join('; ') })}` : '';
        setAnnouncement(result + warned);
      } catch (error) {
        setAnnouncement(formErrorMessage(error, t('errors.formFallback', { ns: 'app' })));
      }
    },
    [shifts, save, cachedWeek, partsOf, t, timeZone],
  );

  return { picked, announcement, pick, cancel, place: (next: PickedShift, target: { staffId: string; day: string }) => void place(next, target) };
}
