import { boolean, mixed, number, object, string, type InferType } from 'yup';
import { TRIGGER_GROUP_TYPES, TRIGGER_SOURCE_TYPES } from '../constants.ts';
import { serverMessages } from '../api/server-messages.ts';
import { MAX_RAW_BODY_BYTES } from '../api/limits.ts';
import { id, list, text } from '../validation/fields.ts';

/**
 * Automation's API contract (issue 16; spec 001 §2, §3, §5, §9): triggers with an ordered workflow
 * of templates, trigger groups, the automation settings, firings and webhooks. Shared by the
 * automation Lambda, the portal's pages, the watch and kiosk emulators and the route walks.
 */
export const AUTOMATION_MESSAGES = serverMessages('automation', {
  nameRequired: 'name is required',
  descriptionRequired: 'description is required',
  typeRequired: 'Type is required',
  typeUnknown: 'Unknown trigger type',
  groupTypeUnknown: 'Unknown trigger group type',
  workflowTypeUnknown: 'Workflow item type must be task-template, notification-template or action-template',
  workflowIdRequired: 'Workflow item id is required',
  throttleRange: 'Min. Time Between Pushes must be 0 to 60 seconds',
  triggerNotFound: 'Trigger not found',
  triggerGroupNotFound: 'Trigger group not found',
  workflowTemplateNotFound: 'A workflow template was not found',
  notExternal: 'This trigger has no webhook',
  triggersLimit: 'An organization can have at most 500 triggers',
  triggerGroupsLimit: 'An organization can have at most 200 trigger groups',
  // Webhooks (docs/webhooks.md)
  webhookUnauthorized: 'Invalid webhook secret',
  webhookSignatureInvalid: 'Invalid webhook signature',
  webhookTimestampStale: 'Webhook timestamp is outside the 5-minute window',
  webhookThrottled: 'Trigger is throttled, try again later',
  /** The workflow's jobs could not be queued: nothing was created (503; a sender may send again). */
  notFired: 'The trigger could not be fired. Please try again.',
  /** A repeat of a delivery id whose first request may still be under way (409, Retry-After: until it is settled). */
  deliveryInProgress: 'An earlier request with this delivery id is still being carried out. Please try again shortly.',
  // Buttons
  buttonNotMapped: 'This button has no trigger',
});

export const TRIGGER_NAME_MAX = 100;
export const TRIGGER_GROUP_NAME_MAX = 100;
export const TRIGGER_GROUP_DESCRIPTION_MAX = 500;
/** Templates one trigger runs (each becomes a notification, action or task). */
export const WORKFLOW_MAX = 10;
/** Triggers one group offers (a watch menu or a kiosk screen of buttons). */
export const TRIGGER_GROUP_TRIGGERS_MAX = 50;
/** Triggers and trigger groups one organisation may have. */
export const TRIGGERS_PER_ORG_MAX = 500;
export const TRIGGER_GROUPS_PER_ORG_MAX = 200;
/** Spec 001 §9: 'Min. Time Between Pushes' is 0 to 60 seconds. */
export const THROTTLE_SECONDS = { min: 0, max: 60 } as const;
/** Firings the trigger page shows; response times are over the last 7 days. */
export const FIRINGS_SHOWN = 20;
export const RESPONSE_TIME_DAYS = 7;
/** Standard Webhooks: a signed request's timestamp within 5 minutes of the server's clock. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Delivery ids (webhook-id) are remembered this long: a repeat fires once. */
export const WEBHOOK_DEDUPE_HOURS = 24;
/** Webhook bodies are read only for their size and the signature: at most 64 KiB. */
export const WEBHOOK_BODY_MAX_BYTES = MAX_RAW_BODY_BYTES;

export const WORKFLOW_ITEM_TYPES = ['task-template', 'notification-template', 'action-template'] as const;
export type WorkflowItemType = (typeof WORKFLOW_ITEM_TYPES)[number];
export type TriggerType = (typeof TRIGGER_SOURCE_TYPES)[number];
export type TriggerGroupType = (typeof TRIGGER_GROUP_TYPES)[number];

const name = (max: number) => string().max(max, `Name must be at most ${max} characters`).trim().required(AUTOMATION_MESSAGES.nameRequired);
const throttleSeconds = () =>
  number()
    .typeError(AUTOMATION_MESSAGES.throttleRange)
    .integer(AUTOMATION_MESSAGES.throttleRange)
    .min(THROTTLE_SECONDS.min, AUTOMATION_MESSAGES.throttleRange)
    .max(THROTTLE_SECONDS.max, AUTOMATION_MESSAGES.throttleRange);

export const workflowItemSchema = object({
  id: id('Workflow item id').required(AUTOMATION_MESSAGES.workflowIdRequired),
  type: mixed<WorkflowItemType>()
    .oneOf([...WORKFLOW_ITEM_TYPES], AUTOMATION_MESSAGES.workflowTypeUnknown)
    .required(AUTOMATION_MESSAGES.workflowTypeUnknown),
});
export type WorkflowItem = InferType<typeof workflowItemSchema>;

/** A trigger (spec 001 §3). Its webhook secret is created by the server, never sent in a body. */
export const triggerSchema = object({
  name: name(TRIGGER_NAME_MAX),
  type: mixed<TriggerType>().oneOf([...TRIGGER_SOURCE_TYPES], AUTOMATION_MESSAGES.typeUnknown).required(AUTOMATION_MESSAGES.typeRequired),
  workflows: list(workflowItemSchema, WORKFLOW_MAX, 'Workflow').default([]),
  metadata: object({ is_external: boolean().default(false) }).default({ is_external: false }),
  // Left out, a new trigger takes the organisation's defaults (`/settings/automation`, spec 001 §9)
  // and an edit keeps the stored throttle: no schema default, so the service sees what was sent.
  is_throttling_enabled: boolean(),
  throttle_duration_in_seconds: throttleSeconds(),
});
export type TriggerInput = InferType<typeof triggerSchema>;

/** A trigger group (spec 001 §3): an ordered list of triggers for a watch menu, a kiosk or an integration. */
export const triggerGroupSchema = object({
  name: name(TRIGGER_GROUP_NAME_MAX),
  description: text(TRIGGER_GROUP_DESCRIPTION_MAX, 'Description').trim().required(AUTOMATION_MESSAGES.descriptionRequired),
  type: mixed<TriggerGroupType>().oneOf([...TRIGGER_GROUP_TYPES], AUTOMATION_MESSAGES.groupTypeUnknown).required(AUTOMATION_MESSAGES.typeRequired),
  trigger_ids: list(id('Trigger id').required('Trigger id is required'), TRIGGER_GROUP_TRIGGERS_MAX, 'Triggers').default([]),
});
export type TriggerGroupInput = InferType<typeof triggerGroupSchema>;

/**
 * `/settings/automation` (spec 001 §2, §9): the throttle defaults a new trigger starts with, and the
 * trigger menus (stored in general settings, `is_trigger_menus_enabled` and
 * `trigger_menus_trigger_group_ids`, which the users form reads).
 */
export const automationSettingsSchema = object({
  throttle_enabled: boolean().required('throttle_enabled is required'),
  throttle_threshold: throttleSeconds().required(AUTOMATION_MESSAGES.throttleRange),
  is_trigger_menus_enabled: boolean().required('is_trigger_menus_enabled is required'),
  trigger_menus_trigger_group_ids: list(id('Trigger group id').required('Trigger group id is required'), 100, 'Trigger menu groups').required(
    'trigger_menus_trigger_group_ids is required',
  ),
});
export type AutomationSettings = InferType<typeof automationSettingsSchema>;
export const DEFAULT_AUTOMATION_SETTINGS: AutomationSettings = {
  throttle_enabled: false,
  throttle_threshold: 0,
  is_trigger_menus_enabled: false,
  trigger_menus_trigger_group_ids: [],
};

export const triggerPathSchema = object({
  orgId: id('Organization id').required('Organization id is required'),
  triggerId: id('Trigger id').required('Trigger id is required'),
});
export const triggerGroupPathSchema = object({
  orgId: id('Organization id').required('Organization id is required'),
  triggerGroupId: id('Trigger group id').required('Trigger group id is required'),
});
/** Public webhook paths: `/api/hooks/{orgId}/{triggerId}` and the same with `/{secret}` for senders that cannot set a header. */
export const webhookPathSchema = triggerPathSchema.shape({
  secret: string().max(100, 'Invalid webhook secret').optional(),
});

// --- What the API answers

export interface WebhookInfo {
  /** The path on the portal's origin, e.g. /api/hooks/{orgId}/{triggerId}; the page prefixes its origin. */
  path: string;
  /** The last 4 characters of the secret, to tell secrets apart; the secret itself is shown once. */
  secret_hint: string;
  secret_created_at: string;
}

export interface TriggerDto {
  id: string;
  name: string;
  type: TriggerType;
  workflows: WorkflowItem[];
  metadata: { is_external: boolean };
  is_throttling_enabled: boolean;
  throttle_duration_in_seconds: number;
  /** Present while metadata.is_external is true. */
  webhook: WebhookInfo | null;
  created_by: string;
  created_time: string;
  updated_time: string;
}

/** POST /triggers and the secret rotation: the only answers that carry the secret (shown once). */
export interface TriggerWithSecretDto extends TriggerDto {
  secret: string | null;
}

export interface TriggerGroupDto {
  id: string;
  name: string;
  description: string;
  type: TriggerGroupType;
  trigger_ids: string[];
  created_by: string;
  created_time: string;
  updated_time: string;
}

export interface ListDto<T> {
  items: T[];
}

/** How a firing started. */
export const FIRING_SOURCES = ['webhook', 'button', 'menu'] as const;
export type FiringSource = (typeof FIRING_SOURCES)[number];
/** fired: the workflow's items were created; throttled: inside the window, nothing created; failed: nothing could be created. */
export const FIRING_OUTCOMES = ['fired', 'throttled', 'failed'] as const;
export type FiringOutcome = (typeof FIRING_OUTCOMES)[number];

export interface FiringCreatedItem {
  type: WorkflowItemType;
  /** The workflow's template. */
  template_id: string;
  /** The notification, action or task made from it (its id is fixed at the firing). */
  id: string;
}

export interface FiringDto {
  id: string;
  trigger_id: string;
  source: FiringSource;
  at: string;
  outcome: FiringOutcome;
  /** The webhook delivery id, the device or the user that pressed. */
  delivery_id: string | null;
  device_id: string | null;
  user_id: string | null;
  created: FiringCreatedItem[];
  /** Actions only: who accepted first and how long after the firing; null while nobody has. */
  first_answer: { user_id: string; name: string; after_ms: number } | null;
}

export interface ResponseTimeDto {
  /** Firings of the last 7 days with an accepted action. */
  count: number;
  median_ms: number | null;
  slowest_ms: number | null;
}

export interface FiringsDto {
  items: FiringDto[];
  response_time: ResponseTimeDto;
}

/** What the webhook answers with 202. */
export interface WebhookAcceptedDto {
  firing_id: string;
  outcome: 'fired';
  /** True when this delivery id was seen before: the earlier firing is answered, nothing fired again. */
  replayed: boolean;
}

/** A trigger by name, for the lists that show which trigger made an item (`meta.trigger_id`). */
export interface TriggerNameDto {
  id: string;
  name: string;
}

/** A device's or a user's trigger menu: the trigger group's triggers in order (config message, watch emulator). */
export interface TriggerMenu {
  trigger_group_id: string;
  name: string;
  triggers: TriggerNameDto[];
}
