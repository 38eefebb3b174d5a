import type { TriggerMenu } from '@portal/shared/automation/automation.schema';
import type { Envelope } from '@portal/shared/devices/topics';

/** What the kiosk shows of its retained config message (docs/device-protocol.md §5). */
export interface KioskConfig {
  /** The device's serial number. */
  serial: string;
  /** The device's type ('android_tablet' for a kiosk). */
  type: string;
  /** Where its button presses go: the events topic the portal gave it. */
  eventsTopic: string;
  /** The tablet's trigger group (general settings `tablet.trigger_group_map`), or null without one. */
  menu: TriggerMenu | null;
}

/** What a kiosk tablet connects with: the credentials the devices page showed once, and its organisation. */
export interface KioskCredentials {
  orgId: string;
  /** The device's iot_id. */
  clientId: string;
  /** The device's id. */
  username: string;
  token: string;
}

export const CREDENTIAL_FIELDS = ['orgId', 'clientId', 'username', 'token'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

/** The form's fields trimmed, or the names of those left empty. */
export function readCredentials(values: Record<CredentialField, string>): { credentials?: KioskCredentials; missing: CredentialField[] } {
  const trimmed = Object.fromEntries(CREDENTIAL_FIELDS.map((field) => [field, values[field].trim()])) as Record<CredentialField, string>;
  const missing = CREDENTIAL_FIELDS.filter((field) => trimmed[field] === '');
  return missing.length ? { missing } : { credentials: trimmed, missing };
}

/** One button of the kiosk: a trigger of the group, with its 1-based position (the event's `button`). */
export interface KioskButton {
  triggerId: string;
  name: string;
  position: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The menu in `data.trigger_menu`, or null when absent or not one (a kiosk shows no half menu). */
function menuOf(value: unknown): TriggerMenu | null {
  if (!value || typeof value !== 'object') return null;
  const { trigger_group_id, name, triggers } = value as Record<string, unknown>;
  if (typeof trigger_group_id !== 'string' || !Array.isArray(triggers)) return null;
  const items = triggers.map((t: unknown) => (t && typeof t === 'object' ? (t as Record<string, unknown>) : {}));
  if (!items.every((t) => typeof t.id === 'string' && t.id !== '' && typeof t.name === 'string')) return null;
  return { trigger_group_id, name: text(name), triggers: items.map((t) => ({ id: t.id as string, name: t.name as string })) };
}

/**
 * The config a retained message carries: undefined for anything else (another type, no events
 * topic). An empty retained payload is not an envelope: the device was deleted (`deleted`).
 */
export function kioskConfigOf(envelope: Envelope): KioskConfig | undefined {
  if (envelope.type !== 'config') return undefined;
  const data = envelope.data;
  const topics = data.topics && typeof data.topics === 'object' ? (data.topics as Record<string, unknown>) : {};
  const eventsTopic = text(topics.events);
  if (!eventsTopic) return undefined;
  return { serial: text(data.device_id), type: text(data.type), eventsTopic, menu: menuOf(data.trigger_menu) };
}

/** The group's triggers as buttons, in order. */
export const kioskButtons = (menu: TriggerMenu): KioskButton[] =>
  menu.triggers.map((trigger, index) => ({ triggerId: trigger.id, name: trigger.name, position: String(index + 1) }));

/**
 * A CONNACK refusal: the broker will not take these credentials (2 client id not the device's,
 * 4 bad username or password, 5 not authorized); retrying cannot help, new credentials can.
 * Anything else (3 server unavailable, a network error) is worth retrying.
 */
export const isRefusal = (code: unknown) => code === 2 || code === 4 || code === 5;
