import { SHIFT_MESSAGES, type ShiftTemplateDto, type ShiftTemplateInput, type ShiftWeekDto } from '@portal/shared/shifts/shift.schema';
import { newId } from '../platform/db/ids.ts';
import { InvalidInputError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { fromShiftTemplateShifts, toShiftTemplateShifts } from './shift-time.ts';
import * as shifts from './shifts.repository.ts';
import { addDrafts, getWeek } from './shifts.service.ts';
import * as repo from './shift-templates.repository.ts';

const toDto = (t: repo.StoredShiftTemplate): ShiftTemplateDto => ({ id: t.templateId, name: t.name, shifts: t.shifts, created_by: t.createdBy, created_time: t.createdAt });

export async function listShiftTemplates(orgId: string): Promise<{ items: ShiftTemplateDto[] }> {
  return { items: (await repo.listShiftTemplates(orgId)).map(toDto).sort((a, b) => a.name.localeCompare(b.name)) };
}

async function stored(orgId: string, templateId: string) {
  const template = await repo.getShiftTemplate(orgId, templateId);
  if (!template) throw new NotFoundError(SHIFT_MESSAGES.templateNotFound);
  return template;
}

export async function getShiftTemplate(orgId: string, templateId: string): Promise<ShiftTemplateDto> {
  return toDto(await stored(orgId, templateId));
}

/** Saves a week's shifts (drafts included) by weekday and wall-clock time. */
export async function createShiftTemplate(orgId: string, userId: string, input: ShiftTemplateInput, now = new Date()): Promise<ShiftTemplateDto> {
  const weekShifts = await shifts.weekShifts(orgId, input.week);
  if (weekShifts.length === 0) throw InvalidInputError.onField('week', SHIFT_MESSAGES.templateEmpty);
  const template = { templateId: newId(now.getTime()), name: input.name, shifts: toShiftTemplateShifts(weekShifts, input.week, await organizationTimeZone(orgId)), createdBy: userId, createdAt: now.toISOString() };
  await repo.insertShiftTemplate(orgId, template);
  return toDto(template);
}

/** Adds the template's shifts to the week as drafts; with `replace`, instead of the week's own shifts. */
export async function applyShiftTemplate(orgId: string, templateId: string, week: string, replace: boolean, now = new Date()): Promise<ShiftWeekDto> {
  const template = await stored(orgId, templateId);
  if (replace) await Promise.all((await shifts.weekShifts(orgId, week)).map((s) => shifts.deleteShiftRow(orgId, s.shiftId)));
  await addDrafts(orgId, fromShiftTemplateShifts(template.shifts, week, await organizationTimeZone(orgId)), now);
  return getWeek(orgId, week);
}

export async function deleteShiftTemplate(orgId: string, templateId: string): Promise<void> {
  await stored(orgId, templateId);
  await repo.deleteShiftTemplateRow(orgId, templateId);
}
