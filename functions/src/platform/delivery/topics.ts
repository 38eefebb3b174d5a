import { topicsFor, type Topics } from '@portal/shared/devices/topics';
import { env } from '../config.ts';

let current: Topics | undefined;
let currentSetting: string | undefined;

function bound(): Topics {
  // Checked and rebuilt only when the variable changes: a fan-out asks once per recipient.
  const setting = process.env.MQTT_TOPIC_ROOT;
  if (!current || setting !== currentSetting) {
    current = topicsFor(env.mqttTopicRoot);
    currentSetting = setting;
  }
  return current;
}

/**
 * The deployment's MQTT topics, under the root in MQTT_TOPIC_ROOT (decision 0011). Read at each
 * use, like the rest of `env`, so a value set after import (the local runtime, tests) applies.
 */
export const topics: Topics = {
  get root() {
    return bound().root;
  },
  inbox: (orgId, userId) => bound().inbox(orgId, userId),
  deviceConfig: (orgId, deviceId) => bound().deviceConfig(orgId, deviceId),
  deviceEvents: (orgId, deviceId) => bound().deviceEvents(orgId, deviceId),
  userEvents: (orgId, userId) => bound().userEvents(orgId, userId),
  get uplinkFilters() {
    return bound().uplinkFilters;
  },
  get uplinkRuleFilter() {
    return bound().uplinkRuleFilter;
  },
  parse: (topic) => bound().parse(topic),
};
