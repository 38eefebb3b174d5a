import { createEnvelope, type Envelope, type NotificationEvent } from '@portal/shared/devices/topics';

/** Receipts the watch sends (docs/device-protocol.md): `received` when shown, `read` when opened. */
export type Receipt = NotificationEvent;

/** The uplink envelope of a receipt: type 'event', data `{kind, {kind}_id, event, at}`. */
export function receiptEnvelope(kind: string, messageId: string, event: Receipt, id: string, now = new Date()): Envelope {
  return createEnvelope('event', { kind, [`${kind}_id`]: messageId, event, at: now.toISOString() }, id, now);
}

/** Answers to actions: `actionAnswerEnvelope` of shared/src/devices/action-messages.ts. */
export { actionAnswerEnvelope } from '@portal/shared/devices/action-messages';
