import type { DateTimeParts, NotificationTemplateInput, Recurring } from '@portal/shared/notifications/notification.schema';
import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { offsetOf, startOfDay, startOfMinute, toDateString, toDateTimeParts, toTimeString } from '../../../lib/date-time.ts';
import type { NotificationFormValues } from './notification-form-model.ts';
import { sortDays } from '../../../lib/weekdays.ts';

export interface NotificationContentBody {
  title: { text: string };
  body: { text: string };
  attachments: { url: string; description: string; type: string }[];
}

/** The API shape of create / send and of a full edit (spec 000 §3). */
export interface NotificationBody {
  content: NotificationContentBody;
  recipient_groups: RecipientGroup[];
  config: { send: DateTimeParts | null; recurring: Recurring | null };
  meta: { template_id: string | null; trigger_id: string | null };
}

export const toContent = (values: Pick<NotificationFormValues, 'title' | 'message'>): NotificationContentBody => ({
  title: { text: values.title.trim() },
  body: { text: values.message.trim() },
  attachments: [],
});

/** The form writes recipient group 0. */
export const toRecipientGroups = (values: Pick<NotificationFormValues, 'recipients'>): RecipientGroup[] => [
  { group_number: 0, recipients: values.recipients.map(({ id, type }) => ({ id, type })) },
];

export interface MapOptions {
  now: Date;
  /** The organisation's: the send time's date, time and offset are its wall clock. */
  timeZone: string;
  templateId?: string | null;
}

/** The chosen send time if it is still ahead; right now (null) otherwise (spec 000 §5). */
export function futureSend(values: Pick<NotificationFormValues, 'send' | 'sendOption'>, now: Date): Date | null {
  if (values.sendOption === 'now' || !values.send) return null;
  return values.send.getTime() > now.getTime() ? values.send : null;
}

/** config.recurring of the form: occurrence time and start from the send time, end date, days. */
export function toRecurring(values: NotificationFormValues, start: Date, timeZone: string): Recurring {
  const end = values.hasRepeatEndDate && values.repeatEndDate ? { date: values.repeatEndDate, offset: offsetOf(startOfDay(values.repeatEndDate, timeZone), timeZone) } : null;
  return {
    occurrence_time: { send: { time: toTimeString(start, timeZone), offset: offsetOf(start, timeZone) } },
    range: { start: { date: toDateString(start, timeZone), offset: offsetOf(start, timeZone) }, end },
    days: sortDays(values.repeatDays),
  };
}

/** Form model -> API: `config.send` null means now; a repeat makes `config.recurring` (a series). */
export function toNotificationBody(values: NotificationFormValues, { now, timeZone, templateId = null }: MapOptions): NotificationBody {
  const send = futureSend(values, now);
  return {
    content: toContent(values),
    recipient_groups: toRecipientGroups(values),
    config: {
      send: send ? toDateTimeParts(send, timeZone) : null,
      recurring: values.repeat ? toRecurring(values, send ?? startOfMinute(now), timeZone) : null,
    },
    meta: { template_id: templateId, trigger_id: null },
  };
}

/** A sent notification: content-only edits (spec 000 §4). */
export const toContentOnlyBody = (values: NotificationFormValues) => ({ content: toContent(values) });

/** Template title (at most 100): the notification's title, else the start of its message. */
export function toTemplateBody(values: NotificationFormValues): NotificationTemplateInput {
  const title = values.title.trim() || values.message.trim().slice(0, 100);
  return { title, notification: { content: toContent(values), recipient_groups: toRecipientGroups(values) } };
}
