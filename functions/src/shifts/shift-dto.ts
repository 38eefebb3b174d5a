import type { ShiftDto } from '@portal/shared/shifts/shift.schema';
import type { ShiftItem } from './shift.entity.ts';

/** What staff are shown of a shift: a change to any of it is a change a re-publish sends. */
export function signatureOf(shift: Pick<ShiftItem, 'userId' | 'name' | 'startAt' | 'endAt' | 'activities'>): string {
  return JSON.stringify([shift.userId, shift.name, shift.startAt, shift.endAt, shift.activities.map((a) => [a.activityTypeId, a.startAt, a.endAt])]);
}

export function toDto(item: ShiftItem): ShiftDto {
  return {
    id: item.shiftId,
    user_id: item.userId,
    name: item.name,
    week: item.week,
    start: item.start,
    end: item.end,
    start_at: item.startAt,
    end_at: item.endAt,
    activities: item.activities.map((a) => ({ activity_type_id: a.activityTypeId, start: a.start, end: a.end, start_at: a.startAt, end_at: a.endAt })),
    published: item.publishedSignature !== undefined,
    changed_since_publish: item.publishedSignature !== signatureOf(item),
  };
}
