import { boolean, mixed, object, string, type InferType } from 'yup';
import { NOTIFICATION_MESSAGE_MAX, NOTIFICATION_TITLE_MAX, WEEKDAYS, type Weekday } from '../constants.ts';
import { recipientGroupsSchema, recipientGroupListSchema, type RecipientGroup } from '../recipients/recipient.schema.ts';
import { calendarDate, id, list, PAGE_TOKEN_MAX, text, URL_MAX, utcOffset } from '../validation/fields.ts';
import { dateTimeSchema, timeOfDay, type DateTimeParts } from '../validation/date-time.ts';
import { serverMessage } from '../api/server-messages.ts';
import type { SeriesMeta } from '../scheduling/series-meta.ts';

export const TITLE_REQUIRED = serverMessage('notifications.titleRequired', 'Title is required');
export const SEND_IN_PAST = serverMessage('notifications.sendInPast', 'Send at cannot be in the past');
export const END_BEFORE_SEND = serverMessage('notifications.endBeforeSend', 'End date must be after send date');
export const REPEAT_END_REQUIRED = serverMessage('notifications.repeatEndRequired', 'End date is required');

export const ATTACHMENTS_MAX = 10;
// {date, time, offset} is the same for every module; notifications re-export it for their callers.
export { dateTimeSchema, type DateTimeParts } from '../validation/date-time.ts';
const time = timeOfDay;

export const contentSchema = object({
  title: object({ text: string().trim().max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`).default('') }),
  body: object({ text: string().trim().max(NOTIFICATION_MESSAGE_MAX, `Message must be at most ${NOTIFICATION_MESSAGE_MAX} characters`).default('') }),
  attachments: list(
    object({
      url: text(URL_MAX, 'Attachment URL').url('Attachment URL is invalid').required('Attachment URL is invalid'),
      description: text(200, 'Attachment description').default(''),
      type: text(20, 'Attachment type').default('link'),
    }),
    ATTACHMENTS_MAX,
    'Attachments',
  ).default([]),
}).test('title-or-body', TITLE_REQUIRED, function (content) {
  // 'Title is required' unless the body has text (spec 000 §5); reported on the title.
  if (content?.title?.text || content?.body?.text) return true;
  return this.createError({ path: 'content.title.text', message: TITLE_REQUIRED });
});

/** A series (spec 000 §3 config.recurring): the time of day, the date range and the weekdays. */
export const recurringSchema = object({
  occurrence_time: object({ send: object({ time: time().required('Time is required'), offset: utcOffset().required('Offset is required') }) }),
  range: object({
    start: object({ date: calendarDate().required('Start date is required'), offset: utcOffset().required('Offset is required') }),
    end: object({ date: calendarDate().required(REPEAT_END_REQUIRED), offset: utcOffset().required('Offset is required') }).nullable().default(null),
  }),
  days: list(mixed<Weekday>().oneOf([...WEEKDAYS], 'Unknown weekday').required('Unknown weekday'), WEEKDAYS.length, 'Days')
    .min(1, 'Choose at least one day')
    .required('Choose at least one day'),
});
export type Recurring = InferType<typeof recurringSchema>;

/**
 * Create / send a notification. `config.send` absent or null means right now; `config.recurring`
 * makes it a series (a root, whose firings become children). Past-send and end-after-send rules are
 * checked by the service against the clock (and by the form).
 */
export const notificationSchema = object({
  content: contentSchema.required(),
  recipient_groups: recipientGroupsSchema,
  config: object({
    send: dateTimeSchema.nullable().default(null),
    recurring: recurringSchema.nullable().default(null),
  }).default({ send: null, recurring: null }),
  meta: object({ template_id: id('Template id').nullable().default(null), trigger_id: id('Trigger id').nullable().default(null) }).default({
    template_id: null,
    trigger_id: null,
  }),
  /** Also store the content and recipients as a template. */
  save_as_template: boolean().default(false),
});
export type NotificationInput = InferType<typeof notificationSchema>;

/** A sent notification allows content-only edits and validates only its title (spec 000 §4, §5). */
export const sentNotificationEditSchema = object({ content: contentSchema.required() });

/** For a recurring child: 'one' (just this one) or 'all' (the root and the whole series). */
export { seriesScopeQuerySchema as deleteQuerySchema } from '../scheduling/series-scope.schema.ts';
export const notificationListQuerySchema = object({
  tab: mixed<'sent' | 'scheduled'>().oneOf(['sent', 'scheduled'], 'tab must be sent or scheduled').default('sent'),
  next_token: text(PAGE_TOKEN_MAX, 'next_token').optional(),
  limit: string().max(3, 'limit must be a number').matches(/^\d+$/, 'limit must be a number').optional(),
});
export const notificationPathSchema = object({ orgId: id('Organization id').required(), notificationId: id('Notification id').required() });

export const PER_USER_STATES = ['NotSent', 'Sent', 'Read'] as const;
export type PerUserState = (typeof PER_USER_STATES)[number];

/** Notification status (spec 000 §3). */
export interface NotificationStatus {
  user_ids: string[];
  sent_user_ids: string[];
  received_user_ids: string[];
  read_user_ids: string[];
  resolved_recipient_groups: RecipientGroup[];
}

export interface NotificationDto {
  id: string;
  item_type?: 'notification_recurring_root';
  content: InferType<typeof contentSchema>;
  recipient_groups: RecipientGroup[];
  config: { send: DateTimeParts | null; recurring: Recurring | null };
  /** Whether it waits for its send time, and its series, template and trigger. */
  meta: { scheduled: boolean } & SeriesMeta;
  created_by: string;
  created_time: string;
  /** The instant it was or will be sent (ISO-8601 UTC); for a root, its next firing. */
  send_at: string | null;
  /** When it was sent (sent notifications only). */
  sent_at?: string;
  /** How many users it was sent to (sent notifications only). */
  recipient_count?: number;
  status?: NotificationStatus;
}

/** A page of the sent or scheduled list. */
export interface NotificationPage {
  items: NotificationDto[];
  next_token?: string;
}

/** A page of the template search; `next_token` goes back as `token`. */
export interface NotificationTemplatePage {
  items: NotificationTemplateDto[];
  next_token?: string;
}

export const NOTIFICATION_NOT_FOUND = serverMessage('notifications.notFound', 'Notification not found');
export const RECURRING_ROOT_NOT_FOUND = serverMessage('notifications.recurringRootNotFound', 'Recurring root not found');
export const TEMPLATE_NOT_FOUND = serverMessage('notifications.templateNotFound', 'Template not found');
/** A send or schedule that failed halfway and was put back (queue or scheduler unavailable): 503. */
export const NOT_CARRIED_OUT = serverMessage('notifications.notCarriedOut', 'The notification could not be sent or scheduled. Please try again.');

/** Templates (spec 000 §3): id, title, notification (content and recipient_groups), created_by. */
export const notificationTemplateSchema = object({
  title: string().trim().required(TITLE_REQUIRED).max(100, 'Title must be at most 100 characters'),
  notification: object({ content: contentSchema.required(), recipient_groups: recipientGroupListSchema }).required(),
});
export type NotificationTemplateInput = InferType<typeof notificationTemplateSchema>;

export interface NotificationTemplateDto {
  id: string;
  title: string;
  notification: { content: InferType<typeof contentSchema>; recipient_groups: RecipientGroup[] };
  created_by: string;
  created_time: string;
}

/** Template search (spec 001 §7): in the kit, shared by notification, action and task templates. */
export { templatePathSchema, templateSearchQuerySchema } from '../templates/template-search.schema.ts';
