import type { DeviceType } from './device.schema.ts';
import type { PowerSettings } from './tablet-settings.schema.ts';
import type { DesignSettings } from './tablet-template.schema.ts';
import type { Envelope } from './topics.ts';

/**
 * `data` of the retained `config` message on a device's config topic (docs/device-protocol.md):
 * who the device is and serves, its topics, and for tablets their settings and design.
 */
export interface DeviceConfigData {
  /** The device's id (the `{deviceId}` of its topics and its MQTT username). */
  id: string;
  /** Serial number. */
  device_id: string;
  type: DeviceType;
  user_id: string | null;
  topics: { inbox: string | null; config: string; events: string };
  /** Tablets only. */
  templateId?: string | null;
  power_settings?: PowerSettings;
  /** The template's design_settings, or null without a template. Tablets only. */
  design_settings?: DesignSettings | null;
}

export type DeviceConfigMessage = Envelope<'config', DeviceConfigData>;
