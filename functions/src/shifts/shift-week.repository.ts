import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { batchWriteAll } from '../platform/delivery/batch-writer.ts';
import { PublishedShiftEntity, type PublishedShiftItem } from './published-shift.entity.ts';
import { ShiftWeekEntity } from './shift-week.entity.ts';

/**
 * What one publish sent of a shift: its person, its signature and its activities (for the assignment
 * rows); its name and times for the person's watch message (delivery.service.ts, decision 0033).
 */
export type PublishedShift = Pick<PublishedShiftItem, 'shiftId' | 'userId' | 'signature' | 'name' | 'startAt' | 'endAt' | 'activities'>;

const toPublished = ({ shiftId, userId, signature, name, startAt, endAt, activities }: PublishedShiftItem): PublishedShift => ({
  shiftId,
  userId,
  signature,
  name,
  startAt,
  endAt,
  activities: activities.map(({ activityTypeId, startAt: from, endAt: to }) => ({ activityTypeId, startAt: from, endAt: to })),
});

/**
 * The week's last publish: its row (when, by whom) and its shifts' rows (one Query, every page).
 * `consistent`: the shifts delivery reads the rows its publish wrote a moment ago.
 */
export async function getWeek(orgId: string, week: string, options: { consistent?: boolean } = {}) {
  const read = options.consistent ? { consistent: true } : {};
  const [{ data }, shifts] = await Promise.all([
    ShiftWeekEntity.get({ orgId, week }).go(read),
    PublishedShiftEntity.query.byWeek({ orgId, week }).go({ ...read, pages: 'all' }),
  ]);
  return data && { publishedAt: data.publishedAt, published: shifts.data.map(toPublished), unsentUserIds: data.unsentUserIds ?? [] };
}

/**
 * AP70: a publish writes the shifts that are new or changed since `before` and deletes those gone
 * (the kit's batch writer: 25 a call, unprocessed retried), all before the week's row
 * (`putWeekRow`), so a row never says published before its shifts are.
 */
export async function putPublishedShifts(orgId: string, week: string, before: readonly PublishedShift[], after: readonly PublishedShift[]) {
  const was = new Map(before.map((s) => [s.shiftId, s.signature]));
  const is = new Set(after.map((s) => s.shiftId));
  await batchWriteAll([
    ...before
      .filter((s) => !is.has(s.shiftId))
      .map((s) => ({ DeleteRequest: { Key: PublishedShiftEntity.delete({ orgId, week, shiftId: s.shiftId }).params<{ Key: Record<string, unknown> }>().Key } })),
    ...after
      .filter((s) => was.get(s.shiftId) !== s.signature)
      .map((s) => ({ PutRequest: { Item: PublishedShiftEntity.put({ orgId, week, ...s }).params<{ Item: Record<string, unknown> }>().Item } })),
  ]);
}

/** The week's row: when and by whom it was published, and the people still to be sent their week (`unsent`). */
export async function putWeekRow(orgId: string, week: string, publishedBy: string, unsent: readonly string[], now: Date) {
  await ShiftWeekEntity.put({ orgId, week, publishedAt: now.toISOString(), publishedBy, ...(unsent.length ? { unsentUserIds: [...unsent] } : {}) }).go();
}

/**
 * Before a re-publish changes anything its row points to, the row names everyone it will tell as
 * unsent: a publish cut off after writing the published shifts but before the row (a kill, a
 * time-out) leaves them unsent, and the next publish, which finds no difference in those shifts
 * any more, still tells them (soak run 36: 17 people never got their moved shifts).
 */
export async function markUnsent(orgId: string, week: string, unsent: readonly string[]): Promise<void> {
  await ShiftWeekEntity.patch({ orgId, week }).set({ unsentUserIds: [...unsent] }).go();
}

/**
 * The publish of `publishedAt` has queued everyone it affected: its row no longer names anyone
 * unsent. Conditional on that publish, so it never clears what a later publish still has to send.
 */
export async function markSent(orgId: string, week: string, publishedAt: string): Promise<void> {
  // A refused condition means a later publish replaced the row: its own unsent list stands.
  await conditionalWrite(() =>
    ShiftWeekEntity.patch({ orgId, week })
      .remove(['unsentUserIds'])
      .where(({ publishedAt: at }, { eq }) => eq(at, publishedAt))
      .go(),
  );
}

/**
 * AP85: what the last publishes of `weeks` (consecutive ISO weeks, e.g. a date's week and the one
 * before) sent, in ONE Query: ISO week ids sort as they follow, '~' sorts after every shift id.
 */
export async function publishedOfWeeks(orgId: string, weeks: readonly string[]): Promise<PublishedShift[]> {
  const sorted = [...weeks].sort();
  const { data } = await PublishedShiftEntity.query.byWeek({ orgId }).between({ week: sorted[0]! }, { week: `${sorted.at(-1)!}~` }).go({ pages: 'all' });
  return data.map(toPublished);
}
