import type { RuntimeConfig } from '@portal/shared/api/runtime-config';

/** Fields the app cannot start without; the rest get safe defaults. */
const REQUIRED = ['apiBaseUrl', 'region', 'userPoolId', 'userPoolClientId'] as const;

/** Checks the shape of `/config.json`, so a broken deployment fails at start with a clear reason. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('config.json is not an object');
  const raw = value as Record<string, unknown>;
  for (const key of REQUIRED) {
    if (typeof raw[key] !== 'string' || raw[key] === '') throw new Error(`config.json: ${key} is missing`);
  }
  const endpoint = raw.userPoolEndpoint;
  return {
    apiBaseUrl: raw.apiBaseUrl as string,
    region: raw.region as string,
    userPoolId: raw.userPoolId as string,
    userPoolClientId: raw.userPoolClientId as string,
    ...(typeof endpoint === 'string' && endpoint !== '' ? { userPoolEndpoint: endpoint } : {}),
    // Not used by the skeleton yet; tolerated when absent so sign-in still works.
    mqttUrl: typeof raw.mqttUrl === 'string' ? raw.mqttUrl : '',
    // The deployment's MQTT topic root (decision 0011); absent means the default, portal/v1.
    ...(typeof raw.mqttTopicRoot === 'string' && raw.mqttTopicRoot !== '' ? { mqttTopicRoot: raw.mqttTopicRoot } : {}),
  };
}

let current: RuntimeConfig | undefined;

/** Loads `/config.json` once at start; it is written at deploy, so never served from cache. */
export async function loadConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`config.json: HTTP ${response.status}`);
  current = parseRuntimeConfig(await response.json());
  return current;
}

export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Runtime configuration is not loaded');
  return current;
}
