import { createEnvelope } from '@portal/shared/devices/topics';
import { messageIdFor, publishToAll } from './fan-out.ts';
import { topics } from './topics.ts';

/**
 * The small messages about something already sent (an action's reply, withdrawal and feedback; a
 * task's update, withdrawal, reminder and overdue note), published straight through the delivery
 * port (QoS 1) rather than the delivery queue: they carry no status row of their own and should
 * reach the watches at once (decision 0024). A failed publish is logged by the fan-out, not retried.
 * The envelope id is fixed per message and user (`idParts` and the user), so a repeat is dropped by
 * the watch. Resolves with the number of publishes that succeeded.
 */
export async function publishToInboxes(
  orgId: string,
  userIds: readonly string[],
  type: string,
  data: object,
  idParts: readonly string[],
  now = new Date(),
): Promise<number> {
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
