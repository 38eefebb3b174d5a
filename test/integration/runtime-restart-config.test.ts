import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import type { RegisteredDevice } from '@portal/shared/devices/device.schema';
import { parseEnvelope } from '@portal/shared/devices/topics';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { startPortal, type PortalProcess } from '../support/portal-process.ts';

const PASSWORD = 'Restart-Config-1!';

/** Signs in through the runtime's own /cognito proxy, as the browser does. */
async function signInThrough(url: string): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { userPoolClientId: string };
  const auth = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: DEMO_DEFAULTS.email, PASSWORD } }),
  });
  return ((await auth.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

async function api(url: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** The MQTT TCP URL `npm start` prints. */
const mqttUrlOf = (portal: PortalProcess) => /MQTT: (mqtt:\/\/\S+) \(TCP\)/.exec(portal.output)?.[1];

/** The first retained config the device gets after subscribing (a fresh, clean session). */
async function retainedConfig(url: string, device: RegisteredDevice) {
  const client: MqttClient = await connectAsync(url, {
    clientId: device.credentials.client_id,
    username: device.credentials.username,
    password: device.credentials.token,
    clean: true,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
  });
  try {
    const { config } = device.credentials.mqtt.topics;
    const arrived = new Promise<{ payload: string; retain: boolean }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No retained message on ${config}`)), 5_000);
      client.on('message', (topic, payload, packet) => {
        if (topic !== config) return;
        clearTimeout(timer);
        resolve({ payload: payload.toString('utf8'), retain: packet.retain });
      });
    });
    await client.subscribeAsync(config, { qos: 1 });
    return await arrived;
  } finally {
    await client.endAsync(true);
  }
}

/**
 * A device connecting after a restart gets its configuration as the table has it: the broker keeps
 * retained messages under DATA_DIR (decision 0065), and the start publishes only what it does not
 * already hold as the table says (docs/reliability.md, Open, 8): a store that is gone (a data
 * directory from before 0065) is filled again from the table.
 */
describe('npm start after a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-config-'));
  const running: PortalProcess[] = [];
  afterAll(async () => {
    for (const portal of running) if (portal.child.exitCode === null) await portal.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives a device its configuration again (tablet settings included) with the same DATA_DIR: the broker's retained one, or the table's when the broker's store is gone", async () => {
    const dist = join(dataDir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    // Not quiet: the start says how many configurations it published.
    const env = { DATA_DIR: dataDir, PORT: '0', FRONTEND_DIST: dist, DEMO_ADMIN_PASSWORD: PASSWORD, LOCAL_RUNTIME_QUIET: '0' };

    const first = await startPortal(env);
    running.push(first);
    const token = await signInThrough(first.url);
    const [org] = (await api(first.url, token, 'GET', '/organizations')).body as Array<{ id: string }>;
    const registered = await api(first.url, token, 'POST', `/organizations/${org!.id}/devices`, { device_id: `TAB-${randomUUID()}`, type: 'android_tablet', name: 'Entrance' });
    expect(registered.status).toBe(201);
    const device = registered.body as RegisteredDevice;
    const settings = await api(first.url, token, 'PUT', `/organizations/${org!.id}/device-settings/${device.device.id}`, { templateId: null, power_settings: { show_screen_status: 'inactive' } });
    expect(settings.status).toBe(200);
    const before = parseEnvelope((await retainedConfig(mqttUrlOf(first)!, device)).payload);
    expect(before?.data).toMatchObject({ power_settings: { show_screen_status: 'inactive' } });
    await first.stop();

    const second = await startPortal(env);
    running.push(second);
    const { payload, retain } = await retainedConfig(mqttUrlOf(second)!, device);
    await second.stop();
    // Held by the broker as the table says it: left as it was, not published again (the same envelope).
    expect(parseEnvelope(payload)).toEqual(before);
    expect(second.output).not.toMatch(/Republished the configuration/);

    // Without the broker's store, the start publishes it again from the table (a new envelope, the same data).
    rmSync(join(dataDir, 'mqtt-sessions'), { recursive: true, force: true });
    const third = await startPortal(env);
    running.push(third);
    const again = await retainedConfig(mqttUrlOf(third)!, device);
    await third.stop();
    // The demo's devices and ours: all of them, none found retained.
    expect(third.output).toMatch(/Republished the configuration of \d+ device\(s\) \(0 retained as they are\)/);
    expect(parseEnvelope(again.payload)?.id).not.toBe(before?.id);
    expect(parseEnvelope(again.payload)?.data).toEqual(before?.data);

    expect(retain).toBe(true);
    expect(parseEnvelope(payload)).toMatchObject({
      v: 1,
      type: 'config',
      data: {
        id: device.device.id,
        device_id: device.device.device_id,
        type: 'android_tablet',
        topics: device.credentials.mqtt.topics,
        templateId: null,
        power_settings: { show_screen_status: 'inactive' },
        design_settings: null,
      },
    });
  }, 240_000);
});
