import { SHIFT_MESSAGES, type ShiftActivityTypeDto, type ShiftActivityTypeInput } from '@portal/shared/shifts/shift.schema';
import { recordChange, settingsChange, type AuditActor } from '../audit/public.ts';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { newId } from '../platform/db/ids.ts';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import * as repo from './activity-types.repository.ts';
import type { ShiftActivityTypeItem } from './shift-activity-type.entity.ts';

const toDto = (item: Pick<ShiftActivityTypeItem, 'activityTypeId' | 'name' | 'color'>): ShiftActivityTypeDto => ({ id: item.activityTypeId, name: item.name, color: item.color });

type Shown = Pick<ShiftActivityTypeItem, 'name' | 'color'> | null;

/** The activity types are the shift planner's settings (`/settings/shift-planner`): one changed, added (null before) or removed (null after). */
const activityTypeChange = (before: Shown, after: Shown) =>
  settingsChange('shift_planner', { activity_type: before && { name: before.name, color: before.color } }, { activity_type: after && { name: after.name, color: after.color } });

export async function listActivityTypes(orgId: string): Promise<{ items: ShiftActivityTypeDto[] }> {
  const items = await repo.listActivityTypes(orgId);
  return { items: items.map(toDto).sort((a, b) => a.name.localeCompare(b.name)) };
}

export async function createActivityType(orgId: string, input: ShiftActivityTypeInput, actor: AuditActor, now = new Date()): Promise<ShiftActivityTypeDto> {
  const activityTypeId = newId(now.getTime());
  await repo.insertActivityType(orgId, activityTypeId, input, now);
  await recordChange(orgId, actor, activityTypeChange(null, input));
  return toDto({ activityTypeId, ...input });
}

export async function updateActivityType(orgId: string, activityTypeId: string, input: ShiftActivityTypeInput, actor: AuditActor): Promise<ShiftActivityTypeDto> {
  const before = await repo.getActivityType(orgId, activityTypeId);
  if (!before || !(await conditionalWrite(() => repo.patchActivityType(orgId, activityTypeId, input)))) throw new NotFoundError(SHIFT_MESSAGES.activityTypeNotFound);
  await recordChange(orgId, actor, activityTypeChange(before, input));
  return toDto({ activityTypeId, ...input });
}

/**
 * Deleting a type leaves published assignments and recipients naming it as they are: they resolve to
 * nobody once no published shift has it (decision 0031).
 */
export async function deleteActivityType(orgId: string, activityTypeId: string, actor: AuditActor): Promise<void> {
  const before = await repo.getActivityType(orgId, activityTypeId);
  if (!before) throw new NotFoundError(SHIFT_MESSAGES.activityTypeNotFound);
  await repo.deleteActivityTypeRow(orgId, activityTypeId);
  await recordChange(orgId, actor, activityTypeChange(before, null));
}
