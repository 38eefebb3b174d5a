import type { Weekday } from '@portal/shared/constants';
import type { NotificationDto, NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import type { Recipient, RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { fromDateTimeParts, toDateString } from '../../../lib/date-time.ts';
import { sendOptionOf, type SendOption } from './send-options.ts';
import { daysOfShortcut, shortcutOf, sortDays, type WeekdayShortcut } from '../../../lib/weekdays.ts';

/**
 * The form model (spec 000 §3): the content, recipient group 0, and send (empty means right now),
 * repeat, repeatDays, hasRepeatEndDate and repeatEndDate. `sendOption` and `repeatShortcut` are
 * what the pickers show.
 */
export interface NotificationFormValues {
  title: string;
  message: string;
  recipients: Recipient[];
  sendOption: SendOption;
  send: Date | null;
  repeat: boolean;
  repeatShortcut: WeekdayShortcut;
  repeatDays: Weekday[];
  hasRepeatEndDate: boolean;
  /** 'YYYY-MM-DD'. */
  repeatEndDate: string;
}

/**
 * create: a new one (also send from template and copy); scheduled: edit before sending; sent:
 * content only; recurring: a series' root; template: a template's content and recipients.
 */
export type NotificationFormMode = 'create' | 'scheduled' | 'sent' | 'recurring' | 'template';

/** `timeZone`: the organisation's; today and the send options are its (decision 0049). */
export function emptyFormValues(now: Date, timeZone: string): NotificationFormValues {
  return {
    title: '',
    message: '',
    recipients: [],
    sendOption: 'now',
    send: null,
    repeat: false,
    repeatShortcut: 'everyday',
    repeatDays: daysOfShortcut('everyday'),
    hasRepeatEndDate: false,
    repeatEndDate: toDateString(now, timeZone),
  };
}

export const recipientsOf = (groups: readonly RecipientGroup[] | undefined): Recipient[] =>
  groups?.find((group) => group.group_number === 0)?.recipients ?? [];

/** When a stored notification is (or was) sent: a series by its start and time of day. */
export function sendTimeOf(dto: Pick<NotificationDto, 'config' | 'send_at'>): Date | null {
  const recurring = dto.config.recurring;
  if (recurring) {
    const { time, offset } = recurring.occurrence_time.send;
    return fromDateTimeParts({ date: recurring.range.start.date, time, offset }) ?? null;
  }
  if (dto.config.send) return fromDateTimeParts(dto.config.send) ?? null;
  return dto.send_at ? new Date(dto.send_at) : null;
}

export function toFormValues(dto: NotificationDto, now: Date, timeZone: string): NotificationFormValues {
  const base = emptyFormValues(now, timeZone);
  const send = sendTimeOf(dto);
  const recurring = dto.config.recurring;
  const days = recurring ? sortDays(recurring.days) : base.repeatDays;
  return {
    ...base,
    title: dto.content.title.text ?? '',
    message: dto.content.body.text ?? '',
    recipients: recipientsOf(dto.recipient_groups),
    send,
    sendOption: sendOptionOf(send, now, timeZone),
    repeat: Boolean(recurring),
    repeatDays: days,
    repeatShortcut: shortcutOf(days),
    hasRepeatEndDate: Boolean(recurring?.range.end),
    repeatEndDate: recurring?.range.end?.date ?? base.repeatEndDate,
  };
}

/**
 * A series' root for "All Occurrences": it continues from its next occurrence, so an edit neither
 * re-sends today's nor asks for a start in the past; a finished series keeps its start.
 */
export function seriesFormValues(root: NotificationDto, now: Date, timeZone: string): NotificationFormValues {
  const values = toFormValues(root, now, timeZone);
  if (!root.send_at || Date.parse(root.send_at) <= now.getTime()) return values;
  const send = new Date(root.send_at);
  return { ...values, send, sendOption: sendOptionOf(send, now, timeZone) };
}

/** Spec 000 §4: copying one whose send time is past clears the send time (right now). */
export function copyFormValues(dto: NotificationDto, now: Date, timeZone: string): NotificationFormValues {
  const values = toFormValues(dto, now, timeZone);
  if (values.send && values.send.getTime() <= now.getTime()) return { ...values, send: null, sendOption: 'now' };
  return values;
}

/** Send from template, template copy and template edit start with its content and recipients. */
export function templateFormValues(template: NotificationTemplateDto, now: Date, timeZone: string): NotificationFormValues {
  return {
    ...emptyFormValues(now, timeZone),
    title: template.notification.content.title.text ?? '',
    message: template.notification.content.body.text ?? '',
    recipients: recipientsOf(template.notification.recipient_groups),
  };
}
