import { SHIFT_MESSAGES, type ShiftPublishResult } from '@portal/shared/shifts/shift.schema';
import { UnavailableError } from '../platform/errors/domain-errors.ts';
import { logger } from '../platform/logger.ts';
import { notifyPublished } from './delivery.service.ts';
import { signatureOf } from './shift-dto.ts';
import { replaceAssignments } from './shift-assignments.repository.ts';
import * as repo from './shifts.repository.ts';
import * as weeks from './shift-week.repository.ts';
import { getWeek } from './shifts.service.ts';

/**
 * Publishing a week (AP70; decision 0031): the week's shifts as they are now become what staff and
 * routing see. The week row keeps what was published, so a re-publish knows whose shifts were added,
 * edited or removed; those people are the affected ones (on the first publish: everyone planned).
 * Each affected person is then sent their shifts of the week (decision 0033), once: a re-publish
 * with nothing changed for someone sends them nothing. The week row is written before the queueing,
 * so the message is what was published, and it names the affected people as unsent until they are
 * all queued: a queueing that fails fails the publish, and the next publish sends to them too, with
 * those it finds affected itself (decision 0033).
 */
export async function publishWeek(orgId: string, week: string, userId: string, now = new Date()): Promise<ShiftPublishResult> {
  const [shifts, state] = await Promise.all([repo.weekShifts(orgId, week), weeks.getWeek(orgId, week)]);
  const before = state?.published ?? [];
  const after: weeks.PublishedShift[] = shifts.map((s) => ({
    shiftId: s.shiftId,
    userId: s.userId,
    signature: signatureOf(s),
    name: s.name,
    startAt: s.startAt,
    endAt: s.endAt,
    activities: s.activities.map((a) => ({ activityTypeId: a.activityTypeId, startAt: a.startAt, endAt: a.endAt })),
  }));
  const affected = [...new Set([...affectedUsers(before, after), ...(state?.unsentUserIds ?? [])])].sort();
  // Rounds of writes, each round side by side (after a restart every write of the local runtime
  // waits behind the queue's backlog: Open 13). The routing rows and the published shifts come
  // before the week's row, so a failure leaves the last publish standing and the next one repeats
  // this; the shifts are marked published only after the row, so none shows published unless it is.
  // First, a re-publish names the people it will tell as unsent on the last publish's row, so a
  // cut-off attempt that wrote the shifts but not the row leaves them to the next publish.
  if (state && affected.length) await weeks.markUnsent(orgId, week, affected);
  await Promise.all([replaceAssignments(orgId, before, after), weeks.putPublishedShifts(orgId, week, before, after)]);
  await weeks.putWeekRow(orgId, week, userId, affected, now);
  // Only the shifts whose published form changed: a re-publish of a full week patches a few rows, not 1,400.
  const was = new Map(before.map((s) => [s.shiftId, s.signature]));
  const [marked, queued] = await Promise.allSettled([
    repo.markPublished(orgId, after.filter((s) => was.get(s.shiftId) !== s.signature)),
    notifyPublished(orgId, week, affected),
  ]);
  if (queued.status === 'rejected') {
    // The week stands as published; its row still names them unsent, so publishing again sends.
    logger.error('Shift week published but not queued', { orgId, week, error: (queued.reason as Error).message });
    throw new UnavailableError(SHIFT_MESSAGES.notSent);
  }
  await weeks.markSent(orgId, week, now.toISOString());
  // Queued but not all marked: the planner shows those shifts changed; publishing again sends nobody anything.
  if (marked.status === 'rejected') throw marked.reason;
  return { week: await getWeek(orgId, week), affected_user_ids: affected };
}

/** People with a shift added, edited or removed since the last publish (both people of a reassigned shift). */
export function affectedUsers(before: readonly weeks.PublishedShift[], after: readonly weeks.PublishedShift[]): string[] {
  const was = new Map(before.map((p) => [p.shiftId, p]));
  const is = new Map(after.map((p) => [p.shiftId, p]));
  const users = new Set<string>();
  for (const p of after) if (was.get(p.shiftId)?.signature !== p.signature) users.add(p.userId);
  for (const p of before) if (is.get(p.shiftId)?.signature !== p.signature) users.add(p.userId);
  return [...users].sort();
}
