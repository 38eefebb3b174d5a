import { conditionalWrite } from '../db/conditional-write.ts';
import { UplinkMessageEntity, uplinkExpiry } from './uplink-message.entity.ts';

/** Who published an uplink envelope: a device, or a user without one (the watch emulator). */
export interface UplinkSender {
  orgId: string;
  senderKind: 'DEVICE' | 'USER';
  senderId: string;
  messageId: string;
}

export type UplinkOnce<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs an uplink envelope's effect once per sender and envelope id (AP82), for effects that are
 * not one transaction with the marker (several conditional writes, as a task's checklist and its
 * completion): the marker is claimed first (`attribute_not_exists`), so a replayed envelope is
 * dropped; an effect that fails with an infrastructure error gives the marker back, so the
 * platform's retry acts. `keepOn` names errors that are the envelope's own fault (refused input):
 * the marker stays, and a replay is refused the same way without work.
 */
export async function runUplinkOnce<T>(sender: UplinkSender, effect: () => Promise<T>, keepOn: (error: unknown) => boolean = () => false, now = new Date()): Promise<UplinkOnce<T>> {
  const claimed = await conditionalWrite(() => UplinkMessageEntity.create({ ...sender, expiresAt: uplinkExpiry(now) }).go());
  if (!claimed) return { ran: false };
  try {
    return { ran: true, result: await effect() };
  } catch (error) {
    if (!keepOn(error)) await UplinkMessageEntity.delete(sender).go().catch(() => undefined);
    throw error;
  }
}
