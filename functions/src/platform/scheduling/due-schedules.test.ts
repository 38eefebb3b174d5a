import { describe, expect, it } from 'vitest';
import { firingOf, nextDue } from './due-schedules.ts';
import type { ScheduleItem } from './schedule.entity.ts';

const base: ScheduleItem = {
  scheduleId: 'org1-root1',
  name: 'org1-root1',
  orgId: 'org1',
  kind: 'cron',
  expression: 'cron(0 9 ? * MON,TUE,WED,THU,FRI,SAT,SUN *)',
  timeZone: 'Europe/Berlin',
  time: '09:00',
  days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
  startAt: '2026-03-01T00:00:00.000Z',
  target: { module: 'notifications', type: 'notification.send', orgId: 'org1', id: 'root1' },
  occurrenceAt: '2026-03-28T08:00:00.000Z',
  dueAt: '2026-03-28T08:00:00.000Z',
  bucket: '0',
  state: 'scheduled',
  attempts: 0,
  updatedAt: '2026-03-01T00:00:00.000Z',
};

describe('nextDue', () => {
  it('steps a daily 09:00 Berlin series across the spring-forward change: 08:00Z, then 07:00Z', () => {
    expect(nextDue(base, '2026-03-28T08:00:00Z', new Date('2026-03-28T08:00:00.300Z'))?.toISOString()).toBe('2026-03-29T07:00:00.000Z');
  });

  it('collapses missed occurrences: after a long stop the next one is the first after now', () => {
    expect(nextDue(base, '2026-03-28T08:00:00Z', new Date('2026-04-02T12:00:00Z'))?.toISOString()).toBe('2026-04-03T07:00:00.000Z');
  });

  it('ends a one-off after its firing and a series at its end', () => {
    expect(nextDue({ ...base, kind: 'at' }, base.occurrenceAt, new Date('2026-03-28T08:00:01Z'))).toBeNull();
    expect(nextDue({ ...base, endAt: '2026-03-29T00:00:00.000Z' }, base.occurrenceAt, new Date('2026-03-28T08:00:01Z'))).toBeNull();
  });
});

describe('firingOf', () => {
  it("gives the handler the same event as EventBridge would, with the occurrence in scheduled-time form", () => {
    expect(firingOf(base)).toEqual({ source: 'portal.scheduler', schedule_name: 'org1-root1', target: base.target, occurrence: '2026-03-28T08:00:00Z' });
  });
});
