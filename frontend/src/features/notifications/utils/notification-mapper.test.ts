import { describe, expect, it } from 'vitest';
import { formatOffset, offsetOf, startOfDay } from '../../../lib/date-time.ts';
import { toContentOnlyBody, toNotificationBody, toTemplateBody } from './notification-mapper.ts';
import { emptyFormValues, type NotificationFormValues } from './notification-form-model.ts';
import { defaultSendFor } from './send-options.ts';
import { daysOfShortcut } from '../../../lib/weekdays.ts';

// The forms work in the organisation's zone; these expectations are written in the zone the tests run in.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

// Local times: the expectations hold in any time zone the tests run in.
const now = new Date(2025, 2, 3, 10, 7, 30);
const everyone = { id: 'everyone', type: 'everyone' as const };
const form = (values: Partial<NotificationFormValues>): NotificationFormValues => ({
  ...emptyFormValues(now, ZONE),
  title: ' Shop opens ',
  message: 'Doors at 7:30',
  recipients: [everyone],
  ...values,
});
const at = (d: Date, date: string, time: string) => ({ date, time, offset: offsetOf(d, ZONE) });

describe('form -> API mapper', () => {
  it('formats offsets like +01:00', () => {
    expect(formatOffset(60)).toBe('+01:00');
    expect(formatOffset(-330)).toBe('-05:30');
    expect(formatOffset(0)).toBe('+00:00');
  });

  it('sends right now with config.send null, trimmed content and recipient group 0', () => {
    const body = toNotificationBody(form({}), { timeZone: ZONE, now });
    expect(body).toEqual({
      content: { title: { text: 'Shop opens' }, body: { text: 'Doors at 7:30' }, attachments: [] },
      recipient_groups: [{ group_number: 0, recipients: [everyone] }],
      config: { send: null, recurring: null },
      meta: { template_id: null, trigger_id: null },
    });
    expect(toNotificationBody(form({}), { timeZone: ZONE, now, templateId: 't1' }).meta.template_id).toBe('t1');
  });

  it('later today: the next 30-minute mark in local time with its offset', () => {
    const send = defaultSendFor('laterToday', now, ZONE)!;
    expect(send).toEqual(new Date(2025, 2, 3, 10, 30));
    expect(toNotificationBody(form({ sendOption: 'laterToday', send }), { timeZone: ZONE, now }).config.send).toEqual(at(send, '2025-03-03', '10:30'));
  });

  it('tomorrow and a specific date', () => {
    const tomorrow = defaultSendFor('tomorrow', now, ZONE)!;
    expect(toNotificationBody(form({ sendOption: 'tomorrow', send: tomorrow }), { timeZone: ZONE, now }).config.send).toEqual(at(tomorrow, '2025-03-04', '10:30'));
    const summer = new Date(2025, 6, 1, 8, 5);
    expect(toNotificationBody(form({ sendOption: 'date', send: summer }), { timeZone: ZONE, now }).config.send).toEqual(at(summer, '2025-07-01', '08:05'));
  });

  it('a send time that has passed becomes right now', () => {
    const past = new Date(2025, 2, 3, 10, 7);
    expect(toNotificationBody(form({ sendOption: 'laterToday', send: past }), { timeZone: ZONE, now }).config.send).toBeNull();
    expect(toNotificationBody(form({ sendOption: 'date', send: new Date(2024, 0, 1) }), { timeZone: ZONE, now }).config.send).toBeNull();
  });

  it('repeat: occurrence time and start from the send time, the shortcut days, no end', () => {
    const send = new Date(2025, 2, 4, 9, 0);
    const body = toNotificationBody(form({ sendOption: 'tomorrow', send, repeat: true, repeatDays: daysOfShortcut('weekdays') }), { timeZone: ZONE, now });
    expect(body.config.recurring).toEqual({
      occurrence_time: { send: { time: '09:00', offset: offsetOf(send, ZONE) } },
      range: { start: { date: '2025-03-04', offset: offsetOf(send, ZONE) }, end: null },
      days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
    expect(body.config.send).toEqual(at(send, '2025-03-04', '09:00'));
  });

  it('repeat right now starts today at the current minute; weekends; with an end date', () => {
    const body = toNotificationBody(
      form({ repeat: true, repeatDays: ['sunday', 'saturday'], hasRepeatEndDate: true, repeatEndDate: '2025-03-31' }),
      { timeZone: ZONE, now },
    );
    expect(body.config.send).toBeNull();
    expect(body.config.recurring).toEqual({
      occurrence_time: { send: { time: '10:07', offset: offsetOf(now, ZONE) } },
      range: { start: { date: '2025-03-03', offset: offsetOf(now, ZONE) }, end: { date: '2025-03-31', offset: offsetOf(startOfDay('2025-03-31', ZONE), ZONE) } },
      days: ['saturday', 'sunday'],
    });
  });

  it('content only for a sent notification; templates carry content and recipients', () => {
    expect(toContentOnlyBody(form({}))).toEqual({ content: { title: { text: 'Shop opens' }, body: { text: 'Doors at 7:30' }, attachments: [] } });
    expect(toTemplateBody(form({}))).toMatchObject({ title: 'Shop opens', notification: { recipient_groups: [{ group_number: 0, recipients: [everyone] }] } });
    expect(toTemplateBody(form({ title: '' })).title).toBe('Doors at 7:30');
  });
});
