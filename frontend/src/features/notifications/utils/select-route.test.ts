import { describe, expect, it } from 'vitest';
import type { NotificationDto } from '@portal/shared/notifications/notification.schema';
import { editModeOf } from './select-route.ts';

const meta = { scheduled: false, is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null };
const item = (m: Partial<NotificationDto['meta']>, extra: Partial<NotificationDto> = {}) => ({ id: 'n1', meta: { ...meta, ...m }, send_at: null, ...extra });

describe('edit/{id} of a notification', () => {
  it('is content-only once sent (no longer listed as scheduled)', () => {
    expect(editModeOf(item({}, { send_at: '2025-03-03T09:00:00.000Z' }))).toBe('sent');
    expect(editModeOf(item({ scheduled: true }, { send_at: '2025-03-03T11:00:00.000Z' }))).toBe('scheduled');
    expect(editModeOf(item({ is_recurring_child: true }))).toBe('sent');
    expect(editModeOf(item({ is_recurring_root: true, scheduled: true }))).toBe('recurring');
    // A root whose series has ended is not listed any more, and still edits as a series.
    expect(editModeOf(item({ is_recurring_root: true }))).toBe('recurring');
  });
});
