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
 * A publish replaces the week's rows: the previously published shifts' rows go, the new ones come
 * (BatchWriteItem through ElectroDB, which hands back what DynamoDB left unprocessed).
 */
export async function replaceAssignments(orgId: string, before: readonly PublishedShift[], after: readonly PublishedShift[]) {
  const removed = rowsOf(orgId, before);
  const added = rowsOf(orgId, after);
  const keep = new Set(added.map((r) => `${r.activityTypeId}|${r.day}|${r.startAt}|${r.shiftId}|${r.index}`));
  const stale = removed.filter((r) => !keep.has(`${r.activityTypeId}|${r.day}|${r.startAt}|${r.shiftId}|${r.index}`));
  await write(stale, async (batch) => (await ShiftAssignmentEntity.delete(batch).go()).unprocessed);
  await write(added, async (batch) => (await ShiftAssignmentEntity.put(batch).go()).unprocessed);
}

async function write(rows: ShiftAssignmentItem[], send: (batch: ShiftAssignmentItem[]) => Promise<unknown[]>) {
  let pending = rows;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 8) throw new Error(`${pending.length} shift assignment rows stayed unprocessed`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    const unprocessed = await send(pending);
    const left = new Set(unprocessed.map((key) => JSON.stringify(key)));
    pending = left.size === 0 ? [] : pending.filter((row) => left.has(JSON.stringify({ orgId: row.orgId, activityTypeId: row.activityTypeId, day: row.day, startAt: row.startAt, shiftId: row.shiftId, index: row.index })));
  }
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
