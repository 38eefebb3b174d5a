import { createEnvelope, type Envelope, type NotificationEvent } from '@portal/shared/devices/topics';

/** Receipts the watch sends (docs/device-protocol.md): `received` when shown, `read` when opened. */
export type Receipt = NotificationEvent;

/** The uplink envelope of a receipt: type 'event', data `{kind, {kind}_id, event, at}`. */
export function receiptEnvelope(kind: string, messageId: string, event: Receipt, id: string, now = new Date()): Envelope {
  return createEnvelope('event', { kind, [`${kind}_id`]: messageId, event, at: now.toISOString() }, id, now);
}

/** Answers to actions: `actionAnswerEnvelope` of shared/src/devices/action-messages.ts. */
export { actionAnswerEnvelope } from '@portal/shared/devices/action-messages';

/** A trigger chosen from a trigger menu (watch) or a kiosk button (tablet), docs/device-protocol.md §5. */
export interface ButtonPress {
  trigger_id: string;
  /** Kiosk tablets: the button's 1-based position in the trigger group. */
  button?: string;
}

/** The uplink envelope of a button press: type 'button', data `{kind: 'button', trigger_id, button?, at}`. */
export function buttonEnvelope(press: ButtonPress, id: string, now = new Date()): Envelope {
  return createEnvelope('button', { kind: 'button', ...press, at: now.toISOString() }, id, now);
}
