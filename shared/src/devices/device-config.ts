import type { TriggerMenu } from '../automation/automation.schema.ts';
import type { WatchSettings } from '../settings/watch-settings.schema.ts';
import type { DeviceType } from './device.schema.ts';
import type { PowerSettings } from './tablet-settings.schema.ts';
import type { DesignSettings } from './tablet-template.schema.ts';
import type { Envelope } from './topics.ts';

/**
 * `data` of the retained `config` message on a device's config topic (docs/device-protocol.md):
 * who the device is and serves, its topics, its trigger menu, for tablets their settings and design,
 * for watches and phones the organisation's watch settings.
 */
export interface DeviceConfigData {
  /** The device's id (the `{deviceId}` of its topics and its MQTT username). */
  id: string;
  /** Serial number. */
  device_id: string;
  type: DeviceType;
  user_id: string | null;
  topics: { inbox: string | null; config: string; events: string };
  /**
   * The triggers its buttons fire, in order (a `button` press names one by id or 1-based position),
   * or null: a tablet's trigger group (`tablet.trigger_group_map`), a watch's or phone's user's
   * trigger menu while the organisation has trigger menus on and offers that group.
   */
  trigger_menu: TriggerMenu | null;
  /** Watches and phones (wear_os, android) only: vibration, time on screen, quiet hours (decision 0038). */
  watch?: WatchSettings;
  /** Tablets only. */
  templateId?: string | null;
  power_settings?: PowerSettings;
  /** The template's design_settings, or null without a template. Tablets only. */
  design_settings?: DesignSettings | null;
}

export type DeviceConfigMessage = Envelope<'config', DeviceConfigData>;
