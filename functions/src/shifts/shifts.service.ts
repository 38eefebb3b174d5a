import { isoWeekOf, daysOf, mondayOf, previousWeek } from '@portal/shared/shifts/iso-week';
import { SHIFT_MESSAGES, type ShiftDto, type ShiftInput, type ShiftWeekDto } from '@portal/shared/shifts/shift.schema';
import { newId } from '../platform/db/ids.ts';
import { InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { toDto } from './shift-dto.ts';
import { fromShiftTemplateShifts, instantIso, toShiftTemplateShifts, type ShiftDraft } from './shift-time.ts';
import * as repo from './shifts.repository.ts';
import * as weeks from './shift-week.repository.ts';

/** Every id the body names belongs to the organisation: the person and the activity types. */
async function assertOwned(orgId: string, input: ShiftInput) {
  await assertOwnedIds(orgId, [
    { field: 'user_id', kind: 'user', ids: [input.user_id] },
    { field: 'activities', kind: 'shiftActivityType', ids: input.activities.map((a) => a.activity_type_id) },
  ]);
}

function draftOf(input: ShiftInput): ShiftDraft {
  return {
    userId: input.user_id,
    name: input.name,
    start: input.start,
    end: input.end,
    startAt: instantIso(input.start),
    endAt: instantIso(input.end),
    activities: input.activities.map((a) => ({ activityTypeId: a.activity_type_id, start: a.start, end: a.end, startAt: instantIso(a.start), endAt: instantIso(a.end) })),
  };
}

/** A shift belongs to the ISO week of its start date as entered (decision 0031). */
async function save(orgId: string, shiftId: string, draft: ShiftDraft, publishedSignature: string | undefined, now: Date) {
  const fields = { ...draft, week: isoWeekOf(draft.start.date), updatedAt: now.toISOString(), ...(publishedSignature === undefined ? {} : { publishedSignature }) };
  await repo.putShift(orgId, shiftId, fields);
  return toDto({ orgId, shiftId, ...fields });
}

export async function createShift(orgId: string, input: ShiftInput, now = new Date()): Promise<ShiftDto> {
  await assertOwned(orgId, input);
  return save(orgId, newId(now.getTime()), draftOf(input), undefined, now);
}

/** An edit is a draft change: the published signature stays, so the shift shows as changed until published. */
export async function updateShift(orgId: string, shiftId: string, input: ShiftInput, now = new Date()): Promise<ShiftDto> {
  const stored = await repo.getShift(orgId, shiftId);
  if (!stored) throw new NotFoundError(SHIFT_MESSAGES.notFound);
  await assertOwned(orgId, input);
  const draft = draftOf(input);
  // A shift moved to another week leaves the old week's publish to tell its person it is gone.
  return save(orgId, shiftId, draft, isoWeekOf(draft.start.date) === stored.week ? stored.publishedSignature : undefined, now);
}

/** Removing a published shift is a draft change too: staff keep seeing it until the week is published. */
export async function deleteShift(orgId: string, shiftId: string): Promise<void> {
  if (!(await repo.getShift(orgId, shiftId))) throw new NotFoundError(SHIFT_MESSAGES.notFound);
  await repo.deleteShiftRow(orgId, shiftId);
}

export async function getWeek(orgId: string, week: string): Promise<ShiftWeekDto> {
  const from = new Date(`${mondayOf(week)}T00:00:00Z`).getTime() - 14 * 3_600_000; // the earliest offset (+14:00) of Monday 00:00
  const [shifts, state] = await Promise.all([repo.weekShiftsWithCarryOver(orgId, week, new Date(from).toISOString()), weeks.getWeek(orgId, week)]);
  const dtos = shifts.map(toDto);
  const own = dtos.filter((s) => s.week === week);
  const current = new Set(own.map((s) => s.id));
  const removed = (state?.published ?? []).some((p) => !current.has(p.shiftId));
  return {
    week,
    days: daysOf(week),
    published_at: state?.publishedAt ?? null,
    has_unpublished_changes: removed || own.some((s) => s.changed_since_publish),
    shifts: dtos,
  };
}

/** Adds drafts to a week (copy-previous, apply a template). */
export async function addDrafts(orgId: string, drafts: readonly ShiftDraft[], now: Date): Promise<void> {
  await Promise.all(drafts.map((draft) => save(orgId, newId(now.getTime()), draft, undefined, now)));
}

/** The previous week's shifts as drafts of this week, at the same wall-clock times. */
export async function copyPreviousWeek(orgId: string, week: string, now = new Date()): Promise<ShiftWeekDto> {
  const previous = previousWeek(week);
  const shifts = await repo.weekShifts(orgId, previous);
  if (shifts.length === 0) throw InvalidInputError.onField('week', SHIFT_MESSAGES.previousWeekEmpty);
  const timeZone = await organizationTimeZone(orgId);
  await addDrafts(orgId, fromShiftTemplateShifts(toShiftTemplateShifts(shifts, previous, timeZone), week, timeZone), now);
  return getWeek(orgId, week);
}
