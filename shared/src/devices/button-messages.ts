import { TRIGGER_GROUP_TRIGGERS_MAX } from '../automation/automation.schema.ts';
import { isWellFormedId as isKeyPart } from '../validation/id-rule.ts';
import { createEnvelope } from './topics.ts';

/**
 * The button press of docs/device-protocol.md §5, shared by the automation uplink, the watch and
 * kiosk emulators and the tests: uplink on the device's or user's events topic, envelope type
 * `button`, `data.kind: 'button'`. The press names a trigger of the device's trigger menu (its config
 * message's `trigger_menu`) by id, or by its 1-based position in the menu when it knows no ids
 * (a hardware button numbered 1, 2, ...).
 */
export interface ButtonEventData {
  kind: 'button';
  trigger_id?: string;
  /** 1-based position in the trigger menu; a digit string ("2") or a number. */
  button?: string;
  /** When it was pressed (ISO-8601 UTC). */
  at: string;
}

/** A press, parsed: a trigger id, else a position (at least one of them). */
export interface ButtonPress {
  trigger_id?: string;
  /** 1 to TRIGGER_GROUP_TRIGGERS_MAX. */
  position?: number;
  at?: string;
}

function positionOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 1 && number <= TRIGGER_GROUP_TRIGGERS_MAX ? number : undefined;
}

/**
 * The press in an envelope's type and data, or undefined when it is no well-formed one: type
 * `button`, kind `button`, a key-part trigger id or a position (a trigger id that is given but
 * malformed refuses the press rather than falling back to the position).
 */
export function parseButtonEvent(type: string, data: Record<string, unknown>): ButtonPress | undefined {
  if (type !== 'button' || data.kind !== 'button') return undefined;
  const at = typeof data.at === 'string' && !Number.isNaN(Date.parse(data.at)) ? { at: new Date(data.at).toISOString() } : {};
  if (data.trigger_id !== undefined && data.trigger_id !== null) return isKeyPart(data.trigger_id) ? { trigger_id: data.trigger_id, ...at } : undefined;
  const position = positionOf(data.button);
  return position ? { position, ...at } : undefined;
}

/** The uplink envelope of a press (QoS 1, a new envelope id per press; the portal counts a replayed id once). */
export function buttonEventEnvelope(press: { trigger_id: string } | { button: number }, id: string, now = new Date()) {
  const data: ButtonEventData =
    'trigger_id' in press ? { kind: 'button', trigger_id: press.trigger_id, at: now.toISOString() } : { kind: 'button', button: String(press.button), at: now.toISOString() };
  return createEnvelope('button', data, id, now);
}
