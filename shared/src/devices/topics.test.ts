import { describe, expect, it } from 'vitest';
import { DEFAULT_TOPIC_ROOT, createEnvelope, isTopicRoot, parseEnvelope, parseNotificationEvent, topicRootOf, topicsFor } from './topics.ts';

describe('topics', () => {
  const topics = topicsFor();

  it('builds the topics under portal/v1/{orgId} by default', () => {
    expect(topics.root).toBe(DEFAULT_TOPIC_ROOT);
    expect(topics.inbox('o1', 'u1')).toBe('portal/v1/o1/users/u1/inbox');
    expect(topics.deviceConfig('o1', 'd1')).toBe('portal/v1/o1/devices/d1/config');
    expect(topics.deviceEvents('o1', 'd1')).toBe('portal/v1/o1/devices/d1/events');
    expect(topics.userEvents('o1', 'u1')).toBe('portal/v1/o1/users/u1/events');
    expect(topics.uplinkFilters).toEqual(['portal/v1/+/devices/+/events', 'portal/v1/+/users/+/events']);
  });

  it('parses what it builds', () => {
    expect(topics.parse(topics.inbox('o1', 'u1'))).toEqual({ kind: 'inbox', orgId: 'o1', userId: 'u1' });
    expect(topics.parse(topics.deviceConfig('o1', 'd1'))).toEqual({ kind: 'config', orgId: 'o1', deviceId: 'd1' });
    expect(topics.parse(topics.deviceEvents('o1', 'd1'))).toEqual({ kind: 'events', orgId: 'o1', deviceId: 'd1' });
    expect(topics.parse(topics.userEvents('o1', 'u1'))).toEqual({ kind: 'userEvents', orgId: 'o1', userId: 'u1' });
  });

  it('refuses wildcards, other roots, other leaves and extra levels', () => {
    for (const topic of [
      'portal/v1/+/users/u1/inbox',
      'portal/v1/o1/devices/#',
      'portal/v1/o1/devices/d1/+',
      'portal/v2/o1/devices/d1/config',
      'portal/v1/o1/devices/d1/secrets',
      'portal/v1/o1/users/u1/inbox/x',
      'portal/v1//users/u1/inbox',
    ]) {
      expect(topics.parse(topic)).toBeUndefined();
    }
  });

  it("keeps deployments apart: another root builds and parses only its own topics", () => {
    const staging = topicsFor('staging/v1');
    const builders = ({ inbox, deviceConfig, deviceEvents, userEvents }: typeof staging) => [inbox, deviceConfig, deviceEvents, userEvents];
    expect(staging.inbox('o1', 'u1')).toBe('staging/v1/o1/users/u1/inbox');
    expect(staging.uplinkFilters).toEqual(['staging/v1/+/devices/+/events', 'staging/v1/+/users/+/events']);
    for (const build of builders(staging)) {
      expect(staging.parse(build('o1', 'x1'))).toBeDefined();
      expect(topics.parse(build('o1', 'x1'))).toBeUndefined();
    }
    for (const build of builders(topics)) expect(staging.parse(build('o1', 'x1'))).toBeUndefined();
  });
});

describe('topic root configuration', () => {
  it('defaults when unset or empty and accepts two plain levels', () => {
    expect(topicRootOf(undefined)).toBe('portal/v1');
    expect(topicRootOf('')).toBe('portal/v1');
    expect(topicRootOf('staging/v1')).toBe('staging/v1');
    expect(topicRootOf('acme-prod/v_2')).toBe('acme-prod/v_2');
  });

  it('refuses anything that is not exactly two levels without wildcards or special characters', () => {
    for (const root of ['portal', 'portal/v1/x', '/v1', 'portal/', 'portal/+', '#/v1', '$aws/v1', "a'b/v1", 'a b/v1', `${'x'.repeat(33)}/v1`]) {
      expect(isTopicRoot(root)).toBe(false);
      expect(() => topicRootOf(root)).toThrow(/two levels/);
      expect(() => topicsFor(root)).toThrow(/two levels/);
    }
  });
});

describe('envelope', () => {
  it('is versioned with an id, a type, a time and data', () => {
    const envelope = createEnvelope('config', { a: 1 }, 'id-1', new Date('2025-03-03T08:00:00.000Z'));
    expect(envelope).toEqual({ v: 1, id: 'id-1', type: 'config', sent_at: '2025-03-03T08:00:00.000Z', data: { a: 1 } });
    expect(parseEnvelope(JSON.stringify(envelope))).toEqual(envelope);
  });

  it('refuses payloads that are not an envelope of this version', () => {
    for (const payload of ['', 'nope', '[]', '{"v":2,"id":"x","type":"t","sent_at":"s","data":{}}', '{"v":1,"id":"","type":"t","sent_at":"s","data":{}}', '{"v":1,"id":"x","type":"t","sent_at":"s","data":[]}']) {
      expect(parseEnvelope(payload)).toBeUndefined();
    }
  });
});

describe('notification receipts', () => {
  it('accepts received and read with a notification id, normalising the time', () => {
    expect(parseNotificationEvent({ kind: 'notification', notification_id: 'n1', event: 'read', at: '2025-03-03T09:00:00+01:00' })).toEqual({
      kind: 'notification',
      notification_id: 'n1',
      event: 'read',
      at: '2025-03-03T08:00:00.000Z',
    });
    expect(parseNotificationEvent({ kind: 'notification', notification_id: 'n1', event: 'received', at: 'soon' })).toEqual({
      kind: 'notification',
      notification_id: 'n1',
      event: 'received',
    });
  });

  it('refuses other kinds, events and ids', () => {
    for (const data of [
      { kind: 'task', notification_id: 'n1', event: 'read' },
      { kind: 'notification', notification_id: '', event: 'read' },
      { kind: 'notification', notification_id: 'a#b', event: 'read' },
      { kind: 'notification', notification_id: 'n1', event: 'accepted' },
      { kind: 'notification', event: 'read' },
    ]) {
      expect(parseNotificationEvent(data)).toBeUndefined();
    }
  });
});
