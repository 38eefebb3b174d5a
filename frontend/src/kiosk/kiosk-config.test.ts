import { describe, expect, it } from 'vitest';
import { createEnvelope } from '@portal/shared/devices/topics';
import { buttonEnvelope } from '../watch/watch-events.ts';
import { isRefusal, kioskButtons, kioskConfigOf, readCredentials } from './kiosk-config.ts';
import de from './locales/de.json';
import en from './locales/en.json';

const at = new Date('2026-05-01T08:00:00.000Z');
const topics = { inbox: null, config: 'portal/v1/o1/devices/d1/config', events: 'portal/v1/o1/devices/d1/events' };
const menu = {
  trigger_group_id: 'g1',
  name: 'Bottle return',
  triggers: [
    { id: 't1', name: 'Help at bottle return' },
    { id: 't2', name: 'Machine full' },
  ],
};
const config = (data: Record<string, unknown> = {}) =>
  createEnvelope('config', { id: 'd1', device_id: 'TAB-7', type: 'android_tablet', user_id: null, topics, trigger_menu: menu, ...data }, 'c1', at);

describe('kiosk emulator: the config message', () => {
  it('reads the serial, the events topic and the trigger group in order', () => {
    expect(kioskConfigOf(config())).toEqual({ serial: 'TAB-7', type: 'android_tablet', eventsTopic: topics.events, menu });
  });

  it('has no trigger group when the tablet is mapped to none, or the menu is malformed', () => {
    expect(kioskConfigOf(config({ trigger_menu: null }))?.menu).toBeNull();
    expect(kioskConfigOf(config({ trigger_menu: undefined }))?.menu).toBeNull();
    expect(kioskConfigOf(config({ trigger_menu: { ...menu, triggers: [{ id: 't1' }] } }))?.menu).toBeNull();
    expect(kioskConfigOf(config({ trigger_menu: { name: 'x', triggers: [] } }))?.menu).toBeNull();
  });

  it('ignores another message type and a config without its events topic', () => {
    expect(kioskConfigOf(createEnvelope('notification', { kind: 'notification' }, 'n1', at))).toBeUndefined();
    expect(kioskConfigOf(config({ topics: { ...topics, events: '' } }))).toBeUndefined();
  });
});

describe('kiosk emulator: a press', () => {
  it('numbers the buttons from 1 in the group’s order and sends both the trigger and the position', () => {
    const buttons = kioskButtons(menu);
    expect(buttons).toEqual([
      { triggerId: 't1', name: 'Help at bottle return', position: '1' },
      { triggerId: 't2', name: 'Machine full', position: '2' },
    ]);
    expect(buttonEnvelope({ trigger_id: buttons[1]!.triggerId, button: buttons[1]!.position }, 'e1', at)).toEqual({
      v: 1,
      id: 'e1',
      type: 'button',
      sent_at: at.toISOString(),
      data: { kind: 'button', trigger_id: 't2', button: '2', at: at.toISOString() },
    });
  });

  it('stops retrying on a CONNACK refusal only', () => {
    expect([2, 4, 5].map(isRefusal)).toEqual([true, true, true]);
    expect([3, undefined, 'ECONNREFUSED'].map(isRefusal)).toEqual([false, false, false]);
  });
});

describe('kiosk emulator: the credentials form', () => {
  it('trims the fields and names those left empty', () => {
    expect(readCredentials({ orgId: ' o1 ', clientId: 'd01', username: '01J', token: 'tok ' })).toEqual({
      credentials: { orgId: 'o1', clientId: 'd01', username: '01J', token: 'tok' },
      missing: [],
    });
    expect(readCredentials({ orgId: '', clientId: 'd01', username: ' ', token: 'tok' })).toEqual({ missing: ['orgId', 'username'] });
  });
});

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));

describe('kiosk locale', () => {
  it('has the same keys in English and German', () => {
    expect(en.noTriggerGroup).toBe('No trigger group');
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });
});
