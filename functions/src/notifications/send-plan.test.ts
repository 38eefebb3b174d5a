import { describe, expect, it, vi } from 'vitest';
import type { NotificationInput } from '@portal/shared/notifications/notification.schema';

vi.mock('../platform/tenancy/organization-time-zone.repository.ts', () => ({ organizationTimeZone: async () => 'Europe/Berlin' }));
const { planSend } = await import('./send-plan.ts');

// Monday 3 March 2025, 09:00 in Berlin.
const now = new Date('2025-03-03T08:00:00.000Z');
const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const series = (send: NotificationInput['config']['send'], end = '2025-03-06'): Pick<NotificationInput, 'config'> => ({
  config: {
    send,
    recurring: {
      occurrence_time: { send: { time: '09:00', offset: '+01:00' } },
      range: { start: { date: '2025-03-03', offset: '+01:00' }, end: { date: end, offset: '+01:00' } },
      days: [...everyDay],
    },
  },
});
const messageOf = async (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: { message: string }) => error.message);

describe('send plan', () => {
  it('sends now, schedules later, refuses the past', async () => {
    expect(await planSend('o1', { config: { send: null, recurring: null } }, now)).toEqual({ kind: 'now' });
    expect(await planSend('o1', { config: { send: { date: '2025-03-03', time: '10:00', offset: '+01:00' }, recurring: null } }, now)).toEqual({
      kind: 'later',
      at: new Date('2025-03-03T09:00:00.000Z'),
    });
    expect(await messageOf(planSend('o1', { config: { send: { date: '2025-03-03', time: '08:58', offset: '+01:00' }, recurring: null } }, now))).toBe(
      'Send at cannot be in the past',
    );
  });

  it("starts a series right now with today's occurrence, then the next ones in the organisation's zone", async () => {
    const plan = await planSend('o1', series(null), now);
    expect(plan).toMatchObject({ kind: 'series', immediate: now, first: new Date('2025-03-04T08:00:00.000Z') });
  });

  it('edits a series without sending again, also when its first send has passed', async () => {
    const edited = await planSend('o1', series({ date: '2025-03-01', time: '09:00', offset: '+01:00' }), now, { seriesEdit: true });
    expect(edited).toMatchObject({ kind: 'series', immediate: null, first: new Date('2025-03-04T08:00:00.000Z') });
    expect(await planSend('o1', series(null), now, { seriesEdit: true })).toMatchObject({ immediate: null });
  });

  it('wants an end date after the send, and runs open-ended without one', async () => {
    expect(await messageOf(planSend('o1', series(null, '2025-03-03'), now))).toBe('End date must be after send date');
    const noEnd = series(null);
    noEnd.config.recurring!.range.end = null;
    expect(await planSend('o1', noEnd, now)).toMatchObject({ kind: 'series', first: new Date('2025-03-04T08:00:00.000Z') });
  });
});
