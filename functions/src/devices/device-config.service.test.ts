import { describe, expect, it, vi } from 'vitest';
import type { DeviceItem } from './device.entity.ts';
import { configData, isTablet } from './device-config.service.ts';

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
  it("carries a tablet's binding, topics, settings and design", () => {
    const settings = { templateId: 't1', power_settings: { show_screen_status: 'inactive' as const, show_screen_schedule: {} } };
    expect(configData(device, { settings, design: { theme: 'dark' } })).toEqual({
      id: '01TAB',
      device_id: 'TAB-7',
      type: 'android_tablet',
      user_id: 'u1',
      topics: { inbox: 'portal/v1/o1/users/u1/inbox', config: 'portal/v1/o1/devices/01TAB/config', events: 'portal/v1/o1/devices/01TAB/events' },
      templateId: 't1',
      power_settings: settings.power_settings,
      design_settings: { theme: 'dark' },
    });
  });

  it('carries only the binding for other devices, with no inbox while it serves nobody', () => {
    const watch = { ...device, type: 'wear_os' as const, userId: undefined };
    expect(isTablet(watch)).toBe(false);
    expect(configData(watch)).toEqual({
      id: '01TAB',
      device_id: 'TAB-7',
      type: 'wear_os',
      user_id: null,
      topics: { inbox: null, config: 'portal/v1/o1/devices/01TAB/config', events: 'portal/v1/o1/devices/01TAB/events' },
    });
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
