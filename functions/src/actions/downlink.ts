import type { ActionDownlinkType } from '@portal/shared/devices/action-messages';
import { createEnvelope } from '@portal/shared/devices/topics';
import { messageIdFor, publishToAll } from '../platform/delivery/fan-out.ts';
import { topics } from '../platform/delivery/topics.ts';

/**
 * The small messages about an action (the reply to an answer, the withdrawal, the feedback),
 * published straight through the delivery port (QoS 1): they carry no status row of their own, and
 * a withdrawal should reach the watches at once rather than after a queue (decision, action
 * escalation). A failed publish is logged, not retried: the watch's prompt also ends at its deadline.
 * The envelope id is fixed per message and user (`idParts`), so a repeat is dropped by the watch.
 */
export async function publishToUsers(orgId: string, userIds: readonly string[], type: ActionDownlinkType, data: object, idParts: readonly string[], now = new Date()): Promise<number> {
  if (!userIds.length) return 0;
  const recipients = [...new Set(userIds)].map((userId) => ({ userId }));
  const published = await publishToAll({
    recipients,
    message: ({ userId }) => ({
      topic: topics.inbox(orgId, userId),
      payload: JSON.stringify(createEnvelope(type, data, messageIdFor(type, ...idParts, userId), now)),
    }),
    // Never written: these messages have no status rows (publishToAll does not call it).
    statusRow: () => ({}),
  });
  return published.delivered;
}
