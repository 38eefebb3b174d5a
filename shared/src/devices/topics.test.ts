import { describe, expect, it } from 'vitest';
import { createEnvelope, deviceConfigTopic, deviceEventsTopic, inboxTopic, parseEnvelope, parseNotificationEvent, parseTopic, userEventsTopic } from './topics.ts';

describe('topics', () => {
  it('builds the three topics under portal/v1/{orgId}', () => {
    expect(inboxTopic('o1', 'u1')).toBe('portal/v1/o1/users/u1/inbox');
    expect(deviceConfigTopic('o1', 'd1')).toBe('portal/v1/o1/devices/d1/config');
    expect(deviceEventsTopic('o1', 'd1')).toBe('portal/v1/o1/devices/d1/events');
  });

  it('parses what it builds', () => {
    expect(parseTopic(inboxTopic('o1', 'u1'))).toEqual({ kind: 'inbox', orgId: 'o1', userId: 'u1' });
    expect(parseTopic(deviceConfigTopic('o1', 'd1'))).toEqual({ kind: 'config', orgId: 'o1', deviceId: 'd1' });
    expect(parseTopic(deviceEventsTopic('o1', 'd1'))).toEqual({ kind: 'events', orgId: 'o1', deviceId: 'd1' });
    expect(userEventsTopic('o1', 'u1')).toBe('portal/v1/o1/users/u1/events');
    expect(parseTopic(userEventsTopic('o1', 'u1'))).toEqual({ kind: 'userEvents', orgId: 'o1', userId: 'u1' });
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
      expect(parseTopic(topic)).toBeUndefined();
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
