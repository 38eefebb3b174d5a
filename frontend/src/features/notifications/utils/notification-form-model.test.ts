import { describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import { toDateTimeParts } from '../../../lib/date-time.ts';
import { copyFormValues, seriesFormValues, templateFormValues, toFormValues } from './notification-form-model.ts';

// The forms work in the organisation's zone; these expectations are written in the zone the tests run in.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const now = new Date(2025, 2, 3, 10, 0);
const group = { id: 'g1', type: 'user_group' as const };

function dto(overrides: Partial<NotificationDto> = {}): NotificationDto {
  return {
    id: 'n1',
    content: { title: { text: 'Hello' }, body: { text: 'World' }, attachments: [] },
    recipient_groups: [{ group_number: 0, recipients: [group] }],
    config: { send: null, recurring: null },
    meta: { scheduled: false, is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null },
    created_by: 'u1',
    created_time: '2025-03-01T00:00:00.000Z',
    send_at: null,
    ...overrides,
  };
}

describe('API -> form', () => {
  it('reads content, recipients and a scheduled send time', () => {
    const send = new Date(2025, 2, 5, 14, 30);
    const values = toFormValues(dto({ config: { send: toDateTimeParts(send, ZONE), recurring: null } }), now, ZONE);
    expect(values).toMatchObject({ title: 'Hello', message: 'World', recipients: [group], send, sendOption: 'date', repeat: false });
  });

  it('reads a series: start, days, shortcut and end date', () => {
    const start = new Date(2025, 2, 4, 9, 0);
    const parts = toDateTimeParts(start, ZONE);
    const values = toFormValues(
      dto({
        item_type: 'notification_recurring_root',
        config: {
          send: null,
          recurring: {
            occurrence_time: { send: { time: '09:00', offset: parts.offset } },
            range: { start: { date: '2025-03-04', offset: parts.offset }, end: { date: '2025-04-01', offset: parts.offset } },
            days: ['saturday', 'sunday'],
          },
        },
      }),
      now,
      ZONE,
    );
    expect(values).toMatchObject({ send: start, sendOption: 'tomorrow', repeat: true, repeatShortcut: 'weekends', hasRepeatEndDate: true, repeatEndDate: '2025-04-01' });
  });

  it('edits a running series from its next occurrence', () => {
    const started = new Date(2025, 2, 1, 9, 0);
    const parts = toDateTimeParts(started, ZONE);
    const root = dto({
      item_type: 'notification_recurring_root',
      meta: { scheduled: true, is_recurring_root: true, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null },
      send_at: new Date(2025, 2, 4, 9, 0).toISOString(),
      config: {
        send: null,
        recurring: {
          occurrence_time: { send: { time: '09:00', offset: parts.offset } },
          range: { start: { date: '2025-03-01', offset: parts.offset }, end: null },
          days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
        },
      },
    });
    expect(seriesFormValues(root, now, ZONE)).toMatchObject({ send: new Date(2025, 2, 4, 9, 0), sendOption: 'tomorrow', repeat: true, repeatShortcut: 'everyday' });
    expect(seriesFormValues({ ...root, send_at: null }, now, ZONE)).toMatchObject({ send: started, repeat: true });
  });

  it('copying one whose send time is past clears the send time; a future one keeps it', () => {
    const past = dto({ send_at: '2025-03-01T08:00:00.000Z' });
    expect(copyFormValues(past, now, ZONE)).toMatchObject({ send: null, sendOption: 'now', title: 'Hello' });
    const later = new Date(2025, 2, 3, 18, 0);
    expect(copyFormValues(dto({ config: { send: toDateTimeParts(later, ZONE), recurring: null } }), now, ZONE)).toMatchObject({ send: later, sendOption: 'laterToday' });
  });

  it('a template gives content and recipients, sent right now', () => {
    const template: NotificationTemplateDto = {
      id: 't1',
      title: 'Opening',
      notification: { content: { title: { text: 'Hi' }, body: { text: '' }, attachments: [] }, recipient_groups: [{ group_number: 0, recipients: [group] }] },
      created_by: 'u1',
      created_time: '2025-03-01T00:00:00.000Z',
    };
    expect(templateFormValues(template, now, ZONE)).toMatchObject({ title: 'Hi', message: '', recipients: [group], send: null, sendOption: 'now' });
  });
});
