import { afterEach, describe, expect, it } from 'vitest';
import { topics } from './topics.ts';

describe('the functions-side topics', () => {
  const saved = process.env.MQTT_TOPIC_ROOT;
  afterEach(() => {
    if (saved === undefined) delete process.env.MQTT_TOPIC_ROOT;
    else process.env.MQTT_TOPIC_ROOT = saved;
  });

  it('use portal/v1 without MQTT_TOPIC_ROOT', () => {
    delete process.env.MQTT_TOPIC_ROOT;
    expect(topics.root).toBe('portal/v1');
    expect(topics.inbox('o1', 'u1')).toBe('portal/v1/o1/users/u1/inbox');
  });

  it('follow MQTT_TOPIC_ROOT, read at each use', () => {
    process.env.MQTT_TOPIC_ROOT = 'staging/v1';
    expect(topics.deviceConfig('o1', 'd1')).toBe('staging/v1/o1/devices/d1/config');
    expect(topics.parse('staging/v1/o1/users/u1/events')).toEqual({ kind: 'userEvents', orgId: 'o1', userId: 'u1' });
    expect(topics.parse('portal/v1/o1/users/u1/events')).toBeUndefined();
    expect(topics.uplinkFilters[0]).toBe('staging/v1/+/devices/+/events');
  });

  it('refuse a malformed MQTT_TOPIC_ROOT instead of publishing under it', () => {
    process.env.MQTT_TOPIC_ROOT = 'staging';
    expect(() => topics.inbox('o1', 'u1')).toThrow(/two levels/);
  });
});
