import type { MutableRefObject } from 'react';
import type { MqttClient } from 'mqtt';
import { DEFAULT_TOPIC_ROOT, isTopicRoot } from '@portal/shared/devices/topics';
import { getConfig } from '../lib/config.ts';

/**
 * The broker the emulators (/watch, /kiosk) connect to: `mqttUrl` and `mqttTopicRoot` of
 * /config.json. A malformed root is a broken deployment: no URL, so the page says the broker is not
 * configured rather than subscribe elsewhere.
 */
export function emulatorBroker(): { url: string; topicRoot: string } {
  const config = getConfig();
  const topicRoot = config.mqttTopicRoot ?? DEFAULT_TOPIC_ROOT;
  return { url: isTopicRoot(topicRoot) ? config.mqttUrl : '', topicRoot };
}

/** Closes an emulator's connection for good: no listener of it fires again, nothing is retried. */
export function closeConnection(connection: MqttClient | undefined): void {
  connection?.removeAllListeners();
  connection?.end(true);
}

/** The effect's clean-up: the current connection is let go and closed. */
export function releaseConnection(client: MutableRefObject<MqttClient | undefined>): void {
  const current = client.current;
  client.current = undefined;
  closeConnection(current);
}
