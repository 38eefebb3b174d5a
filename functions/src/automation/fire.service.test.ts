import { describe, expect, it } from 'vitest';
import { MODULE_OF, retryAfterSeconds, throttleWindowOf } from './fire.service.ts';
import { responseTimeOf } from './firings.service.ts';

describe('firing rules (decision 0039)', () => {
  it('throttles only when throttling is on with a positive duration', () => {
    expect(throttleWindowOf({ is_throttling_enabled: true, throttle_duration_in_seconds: 60 })).toBe(60);
    expect(throttleWindowOf({ is_throttling_enabled: true, throttle_duration_in_seconds: 0 })).toBe(0);
    expect(throttleWindowOf({ is_throttling_enabled: false, throttle_duration_in_seconds: 30 })).toBe(0);
  });

  it('answers the seconds left in the window, rounded up, at least 1 and at most the window', () => {
    const fired = '2026-03-02T10:00:00.000Z';
    expect(retryAfterSeconds(fired, 60, new Date('2026-03-02T10:00:00.001Z'))).toBe(60);
    expect(retryAfterSeconds(fired, 60, new Date('2026-03-02T10:00:59.001Z'))).toBe(1);
    expect(retryAfterSeconds(fired, 60, new Date('2026-03-02T10:00:30.500Z'))).toBe(30);
    expect(retryAfterSeconds(fired, 1, new Date('2026-03-02T10:00:00.999Z'))).toBe(1);
    // Another instance's clock a little ahead: never more than the window.
    expect(retryAfterSeconds(fired, 60, new Date('2026-03-02T09:59:58.000Z'))).toBe(60);
  });

  it('sends each kind of template to the module that makes it', () => {
    expect(MODULE_OF).toEqual({ 'notification-template': 'notifications', 'action-template': 'actions', 'task-template': 'tasks' });
  });

  it('times responses by median (middle two averaged) and slowest', () => {
    expect(responseTimeOf([])).toEqual({ count: 0, median_ms: null, slowest_ms: null });
    expect(responseTimeOf([30_000])).toEqual({ count: 1, median_ms: 30_000, slowest_ms: 30_000 });
    expect(responseTimeOf([9_000, 1_000, 4_000])).toEqual({ count: 3, median_ms: 4_000, slowest_ms: 9_000 });
    expect(responseTimeOf([1_000, 4_001, 2_000, 10_000])).toEqual({ count: 4, median_ms: 3_001, slowest_ms: 10_000 });
  });
});
