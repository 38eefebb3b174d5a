import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_WATCH_SETTINGS } from '@portal/shared/settings/watch-settings.schema';
import { triggerGroupIdOf } from '../automation/public.ts';
import { isTablet, type DeviceItem } from '../devices/public.ts';
import { configData, type OrgConfig } from './device-config.service.ts';

const device: DeviceItem = {
  orgId: 'o1',
  deviceId: '01TAB',
  iotId: 'd01tab',
  name: 'Entrance',
  serialNumber: 'TAB-7',
  type: 'android_tablet',
  protocol: 'MQTT',
  userId: 'u1',
  nameKey: 'entrance',
  tokenHash: 'h',
  credentialsIssuedAt: '2025-03-03T08:00:00.000Z',
  createdAt: '2025-03-03T08:00:00.000Z',
  updatedAt: '2025-03-03T08:00:00.000Z',
};

describe('config message data', () => {
  const menu = { trigger_group_id: 'g1', name: 'Kiosk', triggers: [{ id: 't1', name: 'Help' }] };

  it("carries a tablet's binding, topics, trigger menu, settings and design, never the watch settings", () => {
    const settings = { templateId: 't1', power_settings: { show_screen_status: 'inactive' as const, show_screen_schedule: {} } };
    expect(configData(device, { tablet: { settings, design: { theme: 'dark' } }, triggerMenu: menu, watch: DEFAULT_WATCH_SETTINGS })).toEqual({
      id: '01TAB',
      device_id: 'TAB-7',
      type: 'android_tablet',
      user_id: 'u1',
      topics: { inbox: 'portal/v1/o1/users/u1/inbox', config: 'portal/v1/o1/devices/01TAB/config', events: 'portal/v1/o1/devices/01TAB/events' },
      trigger_menu: menu,
      templateId: 't1',
      power_settings: settings.power_settings,
      design_settings: { theme: 'dark' },
    });
  });

  it('carries the binding, the trigger menu and the watch settings for watches and phones, with no inbox while it serves nobody', () => {
    const watch = { ...device, type: 'wear_os' as const, userId: undefined };
    expect(isTablet(watch)).toBe(false);
    expect(configData(watch, { triggerMenu: null, watch: DEFAULT_WATCH_SETTINGS })).toEqual({
      id: '01TAB',
      device_id: 'TAB-7',
      type: 'wear_os',
      user_id: null,
      topics: { inbox: null, config: 'portal/v1/o1/devices/01TAB/config', events: 'portal/v1/o1/devices/01TAB/events' },
      trigger_menu: null,
      watch: DEFAULT_WATCH_SETTINGS,
    });
    expect(configData({ ...watch, type: 'android' }, { watch: DEFAULT_WATCH_SETTINGS })).toMatchObject({ trigger_menu: null, watch: DEFAULT_WATCH_SETTINGS });
  });
});

describe('the trigger group a device offers', () => {
  const config = (menusEnabled: boolean, automationEnabled = true): OrgConfig => ({
    orgId: 'o1',
    watch: DEFAULT_WATCH_SETTINGS,
    groups: { automationEnabled, menusEnabled, menuGroupIds: ['g-menu'], tabletGroups: new Map([['01TAB', 'g-kiosk']]) },
    userMenus: new Map([['u1', 'g-menu'], ['u2', 'g-other']]),
    menus: new Map(),
  });

  it("is a tablet's group of the tablet map, whatever its user's menu", () => {
    expect(triggerGroupIdOf(config(false), device)).toBe('g-kiosk');
    expect(triggerGroupIdOf(config(true), { ...device, deviceId: '02TAB' })).toBeNull();
  });

  it("is a watch's user's menu only while menus are on and the group is offered", () => {
    const watch = { ...device, type: 'wear_os' as const };
    expect(triggerGroupIdOf(config(true), watch)).toBe('g-menu');
    expect(triggerGroupIdOf(config(false), watch)).toBeNull();
    expect(triggerGroupIdOf(config(true), { ...watch, userId: 'u2' })).toBeNull();
    expect(triggerGroupIdOf(config(true), { ...watch, userId: undefined })).toBeNull();
  });

  it('is none for every device while automation is off', () => {
    expect(triggerGroupIdOf(config(true, false), device)).toBeNull();
    expect(triggerGroupIdOf(config(true, false), { ...device, type: 'wear_os' })).toBeNull();
  });
});

describe("config message topics and the deployment's root", () => {
  it('names the topics under MQTT_TOPIC_ROOT, so the device learns them from its config', () => {
    vi.stubEnv('MQTT_TOPIC_ROOT', 'staging/v1');
    try {
      expect(configData(device).topics).toEqual({
        inbox: 'staging/v1/o1/users/u1/inbox',
        config: 'staging/v1/o1/devices/01TAB/config',
        events: 'staging/v1/o1/devices/01TAB/events',
      });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
