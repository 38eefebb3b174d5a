import type { ActionDownlinkType } from '@portal/shared/devices/action-messages';
import { publishToInboxes } from '../platform/delivery/inbox-publish.ts';

/**
 * The small messages about an action (the reply to an answer, the withdrawal, the feedback),
 * published straight through the delivery port (QoS 1) by the kit's `publishToInboxes`: they carry
 * no status row of their own, and a withdrawal should reach the watches at once rather than after a
 * queue (decision, action escalation). A failed publish is logged, not retried: the watch's prompt
 * also ends at its deadline. The envelope id is fixed per message and user (`idParts`), so a repeat
 * is dropped by the watch.
 */
export const publishToUsers = (orgId: string, userIds: readonly string[], type: ActionDownlinkType, data: object, idParts: readonly string[], now = new Date()): Promise<number> =>
  publishToInboxes(orgId, userIds, type, data, idParts, now);
