import { SHIFT_MESSAGES, type ShiftActivityTypeDto, type ShiftActivityTypeInput } from '@portal/shared/shifts/shift.schema';
import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { newId } from '../platform/db/ids.ts';
import { NotFoundError } from '../platform/errors/domain-errors.ts';
import * as repo from './activity-types.repository.ts';
import type { ShiftActivityTypeItem } from './shift-activity-type.entity.ts';

const toDto = (item: Pick<ShiftActivityTypeItem, 'activityTypeId' | 'name' | 'color'>): ShiftActivityTypeDto => ({ id: item.activityTypeId, name: item.name, color: item.color });

export async function listActivityTypes(orgId: string): Promise<{ items: ShiftActivityTypeDto[] }> {
  const items = await repo.listActivityTypes(orgId);
  return { items: items.map(toDto).sort((a, b) => a.name.localeCompare(b.name)) };
}

export async function createActivityType(orgId: string, input: ShiftActivityTypeInput, now = new Date()): Promise<ShiftActivityTypeDto> {
  const activityTypeId = newId(now.getTime());
  await repo.insertActivityType(orgId, activityTypeId, input, now);
  return toDto({ activityTypeId, ...input });
}

export async function updateActivityType(orgId: string, activityTypeId: string, input: ShiftActivityTypeInput): Promise<ShiftActivityTypeDto> {
  if (!(await conditionalWrite(() => repo.patchActivityType(orgId, activityTypeId, input)))) throw new NotFoundError(SHIFT_MESSAGES.activityTypeNotFound);
  return toDto({ activityTypeId, ...input });
}

/**
 * Deleting a type leaves published assignments and recipients naming it as they are: they resolve to
 * nobody once no published shift has it (decision 0031).
 */
export async function deleteActivityType(orgId: string, activityTypeId: string): Promise<void> {
  if (!(await repo.getActivityType(orgId, activityTypeId))) throw new NotFoundError(SHIFT_MESSAGES.activityTypeNotFound);
  await repo.deleteActivityTypeRow(orgId, activityTypeId);
}
