import { recipientResolver, registerRecipientResolver } from '../platform/recipients/recipient-resolvers.ts';
import { listActivityTypes } from './activity-types.repository.ts';
import { usersOnActivity } from './shift-assignments.repository.ts';

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
