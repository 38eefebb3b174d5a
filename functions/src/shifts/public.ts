import { recipientResolver, registerRecipientResolver } from '../platform/recipients/recipient-resolvers.ts';
import { listActivityTypes } from './activity-types.repository.ts';
import { usersOnActivity } from './shift-assignments.repository.ts';
import { publishedOfWeeks } from './shift-week.repository.ts';

/**
 * What other modules may use of the shift planner: the `shift_activity_type` recipient resolver
 * (AP69; decision 0031). Every Lambda that resolves recipients (notifications, actions, tasks: their
 * API, scheduled, uplink and delivery entries) registers it at load, so "Cashier" at 14:00 reaches
 * whoever's PUBLISHED shift has the till at 14:00 — the instant `at` of the send, an escalation step
 * or a task's start — and who is still a member.
 */
export function registerShiftRecipients(): void {
  registerRecipientResolver('shift_activity_type', async (orgId, activityTypeIds, context) => {
    const onShift = await Promise.all(activityTypeIds.map((id) => usersOnActivity(orgId, id, context.at)));
    const userIds = [...new Set(onShift.flat())];
    return userIds.length ? recipientResolver('user')(orgId, userIds, context) : [];
  });
}

/** The recipient picker's "shifts": the organisation's activity types by name (AP66). */
export async function activityTypeOptions(orgId: string): Promise<Array<{ id: string; name: string; color: string }>> {
  const items = await listActivityTypes(orgId);
  return items.map((t) => ({ id: t.activityTypeId, name: t.name, color: t.color })).sort((a, b) => a.name.localeCompare(b.name));
}

/** A published shift as staff see it (the record of the last publish, published-shift.entity.ts). */
export interface PublishedShiftView {
  shift_id: string;
  user_id: string;
  name: string;
  start_at: string;
  end_at: string;
  activities: Array<{ activity_type_id: string; start_at: string; end_at: string }>;
}

/**
 * The published shifts running in [from, to) (AP85): the published shifts of `weeks` (the date's
 * ISO week, and the week before on a Monday for night shifts into it) in ONE Query; drafts never
 * show. By start, then person.
 */
export async function publishedShiftsBetween(orgId: string, weeks: readonly string[], from: string, to: string): Promise<PublishedShiftView[]> {
  const published = await publishedOfWeeks(orgId, weeks);
  return published
    .filter((s) => s.startAt < to && s.endAt > from)
    .sort((a, b) => a.startAt.localeCompare(b.startAt) || a.userId.localeCompare(b.userId))
    .map((s) => ({
      shift_id: s.shiftId,
      user_id: s.userId,
      name: s.name,
      start_at: s.startAt,
      end_at: s.endAt,
      activities: s.activities.map((a) => ({ activity_type_id: a.activityTypeId, start_at: a.startAt, end_at: a.endAt })),
    }));
}
