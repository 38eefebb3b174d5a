import { parseTaskEvent } from '@portal/shared/devices/task-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import { userOfDevice } from '../devices/public.ts';
import { DomainError } from '../platform/errors/domain-errors.ts';
import { topics } from '../platform/delivery/topics.ts';
import { runUplinkOnce } from '../platform/delivery/uplink-dedupe.ts';
import { applyChecklist, completeByUser, declineByUser, recordReceipt, type UplinkMarker } from './completion.service.ts';

/** recorded: it changed something; duplicate: this envelope (or this answer) counted before; ignored: not a task event of a recipient. */
export type TaskUplinkOutcome = 'recorded' | 'duplicate' | 'ignored';

/** Envelope ids become key parts: a UUID or similar, never '#'. */
const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A task event from a device's or a user's own events topic (docs/device-protocol.md §5): a receipt,
 * a completion, a decline or checklist ticks. The user is the topic's (a user topic) or the device's
 * (its row), never one named in the message. Each envelope counts once: receipts, completions and
 * declines carry the envelope's dedupe marker in their transaction (AP82); a checklist batch claims
 * the marker first (platform/delivery/uplink-dedupe.ts). Bad input is dropped, never retried.
 */
export async function applyTaskEvent(topic: string, envelope: Envelope, now = new Date()): Promise<TaskUplinkOutcome> {
  const source = topics.parse(topic);
  const event = parseTaskEvent(envelope.type, envelope.data);
  if (!source || (source.kind !== 'events' && source.kind !== 'userEvents') || !event || !SAFE_ID.test(envelope.id)) return 'ignored';
  const marker: UplinkMarker =
    source.kind === 'events' ? { senderKind: 'DEVICE', senderId: source.deviceId, messageId: envelope.id } : { senderKind: 'USER', senderId: source.userId, messageId: envelope.id };
  const userId = source.kind === 'events' ? await userOfDevice(source.orgId, source.deviceId) : source.userId;
  if (!userId) return 'ignored';
  const orgId = source.orgId;
  // A device clock ahead of ours does not date an event into the future.
  const at = new Date(event.at && event.at < now.toISOString() ? event.at : now.toISOString());
  switch (event.type) {
    case 'event':
      return (await recordReceipt(orgId, event.task_id, userId, event.event, at, marker)) ? 'recorded' : 'duplicate';
    case 'completed':
    case 'declined': {
      const answer = event.type === 'completed' ? completeByUser : declineByUser;
      const outcome = await answer(orgId, event.task_id, userId, at, marker);
      if (outcome === 'not_recipient') return 'ignored';
      return outcome === 'counted' ? 'recorded' : 'duplicate';
    }
    case 'checklist': {
      const refused = (error: unknown) => error instanceof DomainError;
      try {
        const once = await runUplinkOnce({ orgId, ...marker }, () => applyChecklist(orgId, event.task_id, userId, event.items, at, { byRecipient: true }), refused, now);
        return once.ran ? 'recorded' : 'duplicate';
      } catch (error) {
        // Unknown items, a task that has no checklist or has not started, a user who is no recipient.
        if (refused(error)) return 'ignored';
        throw error;
      }
    }
  }
}
