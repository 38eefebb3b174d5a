/**
 * MQTT topics and the message envelope shared by the portal, devices and the watch emulator
 * (docs/device-protocol.md). Every topic carries the organisation, so authorising a topic is a
 * string comparison against the caller's own topics.
 *
 * The first two levels are the deployment's topic root (decision 0011): `portal/v1` unless the
 * deployment configures another (functions: `MQTT_TOPIC_ROOT`; the frontend: `mqttTopicRoot` in
 * /config.json), so two deployments in one AWS account never see each other's messages. Build the
 * topics with `topicsFor(root)`; functions use `platform/delivery/topics.ts`, bound to their env.
 */
export const DEFAULT_TOPIC_ROOT = 'portal/v1';

/** A root level: letters, digits, `-` and `_`; no wildcards, no `$`, nothing an IoT rule's SQL string or an ARN would have to escape. */
const ROOT_LEVEL = /^[A-Za-z0-9_-]{1,32}$/;

/** Two levels, like `portal/v1` or `staging/v1`. */
export const isTopicRoot = (value: string) => {
  const levels = value.split('/');
  return levels.length === 2 && levels.every((level) => ROOT_LEVEL.test(level));
};

/** The configured root: the default when unset or empty, an error when malformed (a deployment must not start with it). */
export function topicRootOf(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_TOPIC_ROOT;
  if (!isTopicRoot(value)) {
    throw new Error(`The MQTT topic root must be two levels of letters, digits, '-' or '_', like 'staging/v1'; got '${value}'`);
  }
  return value;
}

export type ParsedTopic =
  | { kind: 'inbox'; orgId: string; userId: string }
  | { kind: 'config'; orgId: string; deviceId: string }
  | { kind: 'events'; orgId: string; deviceId: string }
  | { kind: 'userEvents'; orgId: string; userId: string };

/** The topics of one deployment. The builders are plain functions: `const { inbox } = topicsFor(root)` works. */
export interface Topics {
  readonly root: string;
  /** Downlink for every device of a user (notifications, actions, tasks). */
  inbox: (orgId: string, userId: string) => string;
  /** Downlink, retained: the device's current configuration. */
  deviceConfig: (orgId: string, deviceId: string) => string;
  /** Uplink: receipts, answers, button presses. */
  deviceEvents: (orgId: string, deviceId: string) => string;
  /** Uplink of a user without a device (the watch emulator, signed in with an ID token): the same events. */
  userEvents: (orgId: string, userId: string) => string;
  /** The portal's uplink subscriptions: every device's and every user's events topic (the IoT rule's `{root}/+/+/+/events`). */
  uplinkFilters: readonly [devices: string, users: string];
  /** The same events topics in one filter, `{root}/+/+/+/events`: an IoT rule's FROM takes one (shared/src/api/uplink-table.ts). */
  uplinkRuleFilter: string;
  /** The portal topic a string names, or undefined for anything else (wildcards and other roots included). */
  parse: (topic: string) => ParsedTopic | undefined;
}

/** A segment is an id: not empty, no MQTT wildcard. */
const isId = (segment: string | undefined): segment is string => !!segment && !/[+#]/.test(segment);

export function topicsFor(root: string = DEFAULT_TOPIC_ROOT): Topics {
  topicRootOf(root);
  return {
    root,
    inbox: (orgId, userId) => `${root}/${orgId}/users/${userId}/inbox`,
    deviceConfig: (orgId, deviceId) => `${root}/${orgId}/devices/${deviceId}/config`,
    deviceEvents: (orgId, deviceId) => `${root}/${orgId}/devices/${deviceId}/events`,
    userEvents: (orgId, userId) => `${root}/${orgId}/users/${userId}/events`,
    uplinkFilters: [`${root}/+/devices/+/events`, `${root}/+/users/+/events`],
    uplinkRuleFilter: `${root}/+/+/+/events`,
    parse: (topic) => {
      const parts = topic.split('/');
      if (parts.length !== 6 || `${parts[0]}/${parts[1]}` !== root) return undefined;
      const [, , orgId, collection, id, leaf] = parts;
      if (!isId(orgId) || !isId(id)) return undefined;
      if (collection === 'users' && leaf === 'inbox') return { kind: 'inbox', orgId, userId: id };
      if (collection === 'users' && leaf === 'events') return { kind: 'userEvents', orgId, userId: id };
      if (collection === 'devices' && (leaf === 'config' || leaf === 'events')) return { kind: leaf, orgId, deviceId: id };
      return undefined;
    },
  };
}

export const ENVELOPE_VERSION = 1;

/**
 * Every message on every topic. `id` is unique per message (a UUID): QoS 1 is at-least-once, so a
 * receiver drops an id it has already handled.
 */
export interface Envelope<T extends string = string, D extends object = Record<string, unknown>> {
  v: typeof ENVELOPE_VERSION;
  id: string;
  type: T;
  /** ISO-8601 UTC. */
  sent_at: string;
  data: D;
}

export function createEnvelope<T extends string, D extends object>(type: T, data: D, id: string, sentAt: Date = new Date()): Envelope<T, D> {
  return { v: ENVELOPE_VERSION, id, type, sent_at: sentAt.toISOString(), data };
}

/** The envelope in a payload, or undefined when it is not one of this version. */
export function parseEnvelope(payload: string): Envelope | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Envelope> | null;
    const valid =
      value !== null &&
      typeof value === 'object' &&
      value.v === ENVELOPE_VERSION &&
      typeof value.id === 'string' &&
      value.id.length > 0 &&
      typeof value.type === 'string' &&
      typeof value.sent_at === 'string' &&
      typeof value.data === 'object' &&
      value.data !== null &&
      !Array.isArray(value.data);
    return valid ? (value as Envelope) : undefined;
  } catch {
    return undefined;
  }
}

/** Downlink message types. `config` is retained on the config topic; the others arrive in the inbox. */
export const DOWNLINK_TYPES = ['config', 'notification', 'action', 'task'] as const;
export type DownlinkType = (typeof DOWNLINK_TYPES)[number];

/** Uplink event types a device publishes on its events topic (ARCHITECTURE.md, devices). */
export const DEVICE_EVENT_TYPES = ['received', 'read', 'accepted', 'declined', 'completed', 'checklist', 'button'] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

/** The message an event is about: `message_id` is the `data.id` of the notification, action or task. */
export interface MessageRef {
  message_type: 'notification' | 'action' | 'task';
  message_id: string;
}

/** `data` of a task event (docs/device-protocol.md §5, `parseTaskEvent` of task-messages.ts). */
/** `data` of an answer on an events topic; the answer is the envelope's type (action-messages.ts parses it). */
export interface ActionEventData {
  kind: 'action';
  action_id: string;
  /** When it was answered on the device (ISO-8601 UTC); the portal's clock when absent. */
  at?: string;
}

interface TaskEventData {
  kind: 'task';
  task_id: string;
  at: string;
}

/** Payload (`data`) per uplink event type. */
export interface DeviceEventData {
  received: MessageRef & { at: string };
  read: MessageRef & { at: string };
  /** An answer to an action: `data.kind` routes it (docs/device-protocol.md §5, `parseActionEvent`). */
  accepted: ActionEventData;
  /** An answer to an action, or a task declined (`parseTaskEvent`). */
  declined: ActionEventData | TaskEventData;
  completed: TaskEventData;
  checklist: TaskEventData & { items: { id: string; is_checked: boolean }[] };
  /** A button press or menu choice (docs/device-protocol.md §5, `parseButtonEvent` of button-messages.ts). */
  button: { kind: 'button'; trigger_id?: string; button?: string; at: string };
}

export type DeviceEvent<T extends DeviceEventType = DeviceEventType> = Envelope<T, DeviceEventData[T]>;

/** `data` of a notification in the inbox (envelope type 'notification'). */
export interface NotificationMessageData {
  kind: 'notification';
  notification_id: string;
  title: string;
  body: string;
  /** When the portal sent it (ISO-8601 UTC). */
  sent_at: string;
}

export const NOTIFICATION_EVENTS = ['received', 'read'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * `data` of a notification receipt on an events topic (device or user). The portal routes uplink
 * by `data.kind` (IoT rule `WHERE data.kind = 'notification'`); `event` says what happened.
 */
export interface NotificationEventData {
  kind: 'notification';
  notification_id: string;
  event: NotificationEvent;
  /** When it happened on the device (ISO-8601 UTC); the portal's clock when absent. */
  at?: string;
}

/** The receipt in an envelope's data, or undefined when it is not a well-formed notification receipt. */
export function parseNotificationEvent(data: Record<string, unknown>): NotificationEventData | undefined {
  const { kind, notification_id: id, event, at } = data;
  if (kind !== 'notification' || typeof id !== 'string' || !id || /#/.test(id)) return undefined;
  if (!(NOTIFICATION_EVENTS as readonly unknown[]).includes(event)) return undefined;
  const when = typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : undefined;
  return { kind, notification_id: id, event: event as NotificationEvent, ...(when ? { at: when } : {}) };
}
