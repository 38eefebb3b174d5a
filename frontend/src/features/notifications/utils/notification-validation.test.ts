import { describe, expect, it } from 'vitest';
import { END_BEFORE_SEND, REPEAT_END_REQUIRED, SEND_IN_PAST, TITLE_REQUIRED } from '@portal/shared/notifications/notification.schema';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { emptyFormValues, type NotificationFormValues } from './notification-form-model.ts';
import { canSubmit, NO_DAYS, validateNotificationForm } from './notification-validation.ts';

// The forms work in the organisation's zone; these expectations are written in the zone the tests run in.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const now = new Date(2025, 2, 3, 10, 7, 30);
const valid: NotificationFormValues = { ...emptyFormValues(now, ZONE), title: 'Hi', recipients: [{ id: 'everyone', type: 'everyone' }] };
const create = { mode: 'create' as const, now, timeZone: ZONE };

describe('notification form rules', () => {
  it('requires a title unless the message has text, with the length limits', () => {
    expect(validateNotificationForm({ ...valid, title: '' }, create)).toEqual({ title: TITLE_REQUIRED });
    expect(validateNotificationForm({ ...valid, title: '', message: 'Body' }, create)).toEqual({});
    expect(validateNotificationForm({ ...valid, title: 'x'.repeat(28) }, create).title).toBe('Title must be at most 27 characters');
    expect(validateNotificationForm({ ...valid, message: 'x'.repeat(108) }, create).message).toBe('Message must be at most 107 characters');
  });

  it('needs a recipient; the submit group stays disabled without one', () => {
    expect(validateNotificationForm({ ...valid, recipients: [] }, create)).toEqual({ recipients: NO_RECIPIENTS });
    expect(canSubmit({ ...valid, recipients: [] }, 'create')).toBe(false);
    expect(canSubmit(valid, 'create')).toBe(true);
  });

  it('a send time in the past is refused', () => {
    const past = new Date(2025, 2, 3, 9, 0);
    expect(validateNotificationForm({ ...valid, sendOption: 'laterToday', send: past }, create)).toEqual({ send: SEND_IN_PAST });
    expect(validateNotificationForm({ ...valid, sendOption: 'laterToday', send: past }, { timeZone: ZONE, mode: 'recurring', now })).toEqual({ send: SEND_IN_PAST });
    expect(validateNotificationForm({ ...valid, sendOption: 'now', send: past }, create)).toEqual({});
  });

  it('a sent notification validates only its title', () => {
    const sent = { ...valid, recipients: [], sendOption: 'date' as const, send: new Date(2020, 0, 1) };
    expect(validateNotificationForm(sent, { timeZone: ZONE, mode: 'sent', now })).toEqual({});
    expect(validateNotificationForm({ ...sent, title: '' }, { timeZone: ZONE, mode: 'sent', now })).toEqual({ title: TITLE_REQUIRED });
  });

  it('repeat: at least one day; the end date is required and after the send date', () => {
    const repeat = { ...valid, repeat: true, repeatDays: [] };
    expect(validateNotificationForm(repeat, create)).toEqual({ repeatDays: NO_DAYS });
    const withEnd = { ...valid, repeat: true, hasRepeatEndDate: true };
    // Defaults to today's start of day, which is not after today's send.
    expect(validateNotificationForm(withEnd, create)).toEqual({ repeatEndDate: END_BEFORE_SEND });
    expect(validateNotificationForm({ ...withEnd, repeatEndDate: '' }, create)).toEqual({ repeatEndDate: REPEAT_END_REQUIRED });
    expect(validateNotificationForm({ ...withEnd, repeatEndDate: '2025-03-04' }, create)).toEqual({});
    const tomorrow = { ...withEnd, sendOption: 'tomorrow' as const, send: new Date(2025, 2, 4, 9, 0), repeatEndDate: '2025-03-04' };
    expect(validateNotificationForm(tomorrow, create)).toEqual({ repeatEndDate: END_BEFORE_SEND });
  });
});
