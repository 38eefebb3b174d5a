import { describe, expect, it } from 'vitest';
import { DEFAULT_WATCH_SETTINGS, type WatchSettings } from '@portal/shared/settings/watch-settings.schema';
import { isFresh, isQuietTime, minutesOfDay, noteArrivals, vibrationOf } from './watch-alerts.ts';
import { buttonEnvelope } from './watch-events.ts';

const settings: WatchSettings = {
  vibration: { notification: 'short', action: 'double', task: 'long' },
  display_seconds: 10,
  quiet_hours: { enabled: true, start: '22:00', end: '06:00' },
};
const at = (clock: string) => {
  const [h, m] = clock.split(':').map(Number);
  return h! * 60 + m!;
};

describe('watch emulator: the watch settings', () => {
  it('reads the time of day in the organisation’s zone, summer and winter', () => {
    expect(minutesOfDay(new Date('2026-07-01T20:30:00Z'), 'Europe/Berlin')).toBe(at('22:30'));
    expect(minutesOfDay(new Date('2026-01-15T20:30:00Z'), 'Europe/Berlin')).toBe(at('21:30'));
    expect(minutesOfDay(new Date('2026-01-15T23:59:00Z'), 'UTC')).toBe(at('23:59'));
    expect(minutesOfDay(new Date('2026-01-15T00:00:00Z'), 'UTC')).toBe(0);
  });

  it('holds quiet hours across midnight from start up to (not including) end', () => {
    const quiet = settings.quiet_hours;
    expect(isQuietTime(quiet, at('21:59'))).toBe(false);
    expect(isQuietTime(quiet, at('22:00'))).toBe(true);
    expect(isQuietTime(quiet, at('00:00'))).toBe(true);
    expect(isQuietTime(quiet, at('05:59'))).toBe(true);
    expect(isQuietTime(quiet, at('06:00'))).toBe(false);
  });

  it('holds quiet hours within a day, and never when off or when start equals end', () => {
    const day = { enabled: true, start: '12:00', end: '13:30' };
    expect([at('11:59'), at('12:00'), at('13:29'), at('13:30')].map((m) => isQuietTime(day, m))).toEqual([false, true, true, false]);
    expect(isQuietTime({ ...settings.quiet_hours, enabled: false }, at('23:00'))).toBe(false);
    expect(isQuietTime({ enabled: true, start: '08:00', end: '08:00' }, at('08:00'))).toBe(false);
  });

  it('names the pattern per kind; in quiet hours only actions vibrate', () => {
    const kinds = ['notification', 'action', 'task', 'task_reminder', 'task_overdue', 'action_feedback', 'shifts'];
    expect(kinds.map((kind) => vibrationOf(kind, settings, false))).toEqual(['short', 'double', 'long', 'long', 'long', 'short', 'short']);
    expect(kinds.map((kind) => vibrationOf(kind, settings, true))).toEqual(['none', 'double', 'none', 'none', 'none', 'none', 'none']);
    expect(vibrationOf('notification', DEFAULT_WATCH_SETTINGS, false)).toBe(DEFAULT_WATCH_SETTINGS.vibration.notification);
  });

  it('notes when a card first appears; a card seen before keeps its time', () => {
    const first = noteArrivals(new Map(), ['notification:n1'], 1_000);
    const second = noteArrivals(first, ['action:a1', 'notification:n1'], 5_000);
    expect([...second]).toEqual([
      ['notification:n1', 1_000],
      ['action:a1', 5_000],
    ]);
    expect(noteArrivals(second, ['action:a1'], 9_000)).toBe(second);
  });

  it('keeps a card new for display_seconds', () => {
    expect(isFresh(1_000, 1_000, 10)).toBe(true);
    expect(isFresh(1_000, 10_999, 10)).toBe(true);
    expect(isFresh(1_000, 11_000, 10)).toBe(false);
    expect(isFresh(undefined, 1_000, 10)).toBe(false);
  });
});

describe('watch emulator: a trigger chosen from the menu', () => {
  it('is a button envelope naming the trigger, on the protocol’s shape', () => {
    const now = new Date('2026-05-01T08:00:00.000Z');
    expect(buttonEnvelope({ trigger_id: 'tr1' }, 'e1', now)).toEqual({
      v: 1,
      id: 'e1',
      type: 'button',
      sent_at: '2026-05-01T08:00:00.000Z',
      data: { kind: 'button', trigger_id: 'tr1', at: '2026-05-01T08:00:00.000Z' },
    });
    expect(buttonEnvelope({ trigger_id: 'tr2', button: '2' }, 'e2', now).data).toEqual({
      kind: 'button',
      trigger_id: 'tr2',
      button: '2',
      at: '2026-05-01T08:00:00.000Z',
    });
  });
});
