import { batchWriteAll } from '../platform/delivery/batch-writer.ts';
import { ShiftAssignmentEntity, type ShiftAssignmentItem } from './shift-assignment.entity.ts';
import type { PublishedShift } from './shift-week.repository.ts';

const DAY_MS = 86_400_000;
const utcDay = (instant: string) => instant.slice(0, 10);

function rowsOf(orgId: string, shifts: readonly PublishedShift[]): ShiftAssignmentItem[] {
  return shifts.flatMap((shift) =>
    shift.activities.map((a, index) => ({
      orgId,
      activityTypeId: a.activityTypeId,
      day: utcDay(a.startAt),
      startAt: a.startAt,
      shiftId: shift.shiftId,
      index,
      endAt: a.endAt,
      userId: shift.userId,
    })),
  );
}

/**
 * A publish replaces the week's rows: the previously published shifts' rows go, the new ones come,
 * in batches through the kit's batch writer (platform/delivery/batch-writer.ts: 25 a call, what
 * DynamoDB leaves unprocessed retried with backoff). ElectroDB builds each row's item and key.
 */
export async function replaceAssignments(orgId: string, before: readonly PublishedShift[], after: readonly PublishedShift[]) {
  const removed = rowsOf(orgId, before);
  const added = rowsOf(orgId, after);
  const keep = new Set(added.map((r) => `${r.activityTypeId}|${r.day}|${r.startAt}|${r.shiftId}|${r.index}`));
  const stale = removed.filter((r) => !keep.has(`${r.activityTypeId}|${r.day}|${r.startAt}|${r.shiftId}|${r.index}`));
  await batchWriteAll([
    ...stale.map((row) => ({ DeleteRequest: { Key: ShiftAssignmentEntity.delete(row).params<{ Key: Record<string, unknown> }>().Key } })),
    ...added.map((row) => ({ PutRequest: { Item: ShiftAssignmentEntity.put(row).params<{ Item: Record<string, unknown> }>().Item } })),
  ]);
}

/**
 * AP69: the people doing an activity at `at`: the rows of day(at) and the day before (an activity
 * lasts at most a day) that started by `at` and end after it. A day's rows of one activity are its
 * staff that day, so the filter runs in code.
 */
export async function usersOnActivity(orgId: string, activityTypeId: string, at: Date): Promise<string[]> {
  const t = at.toISOString();
  const days = [utcDay(t), utcDay(new Date(at.getTime() - DAY_MS).toISOString())];
  const pages = await Promise.all(
    days.map((day) => ShiftAssignmentEntity.query.byActivityDay({ orgId, activityTypeId, day }).go({ pages: 'all' })),
  );
  return [...new Set(pages.flatMap((p) => p.data.filter((row) => row.startAt <= t && row.endAt > t).map((row) => row.userId)))];
}
