import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEVICE_MESSAGES, type DeviceDto, type RegisteredDevice } from '@portal/shared/devices/device.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { logger } from '../../functions/src/platform/logger.ts';
import { authenticateDevice } from '../../functions/src/devices/device-auth.service.ts';
import { newDeviceToken, tokenHash } from '../../functions/src/devices/device-credentials.ts';
import { deleteDevice, findLookup, getDevice, rotateToken, updateDeviceFields } from '../../functions/src/devices/devices.repository.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

afterAll(() => closeDelivery());

const serial = () => `SN-${randomUUID().slice(0, 8).toUpperCase()}`;

/**
 * Replacing a device's credentials while it is edited (or its credentials are replaced again, or
 * it is deleted): every device write conditions on the version it read (docs/data-model.md, AP29),
 * so one write per version wins, the others answer 409, and a replaced token never works again.
 */
describe('device credentials under concurrent writes', () => {
  let orgId: string;
  let ownerId: string;
  let token: string;
  const devices = (suffix = '') => `/api/organizations/${orgId}/devices${suffix}`;
  const api = (method: string, path: string, body?: unknown) => callApi('devices', method, path, { token, body });

  async function register(body: Record<string, unknown> = {}): Promise<RegisteredDevice> {
    const answer = await api('POST', devices(), { device_id: serial(), ...body });
    expect(answer.status).toBe(201);
    return answer.body as RegisteredDevice;
  }

  /** Whether the broker would let the device in with this token (AP31, as IoT Core and aedes check it). */
  const connects = (device: DeviceDto, deviceToken: string) => authenticateDevice({ clientId: device.iot_id, username: device.id, password: deviceToken });

  beforeAll(async () => {
    const email = `race-${randomUUID()}@devices.test`;
    ownerId = await createIdentity(email, 'Race-Pass-1!');
    orgId = await foundOrganization({ name: 'Race Track', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['admin'], email) });
    token = await signIn(email, 'Race-Pass-1!');
  });

  afterEach(() => vi.restoreAllMocks());

  it('answers six parallel credential requests with 200 or 409 only, and only the last winner’s token connects', async () => {
    for (let round = 0; round < 2; round++) {
      const { device, credentials } = await register({ user_id: ownerId });
      const answers = await Promise.all(Array.from({ length: 6 }, () => api('POST', devices(`/${device.id}/credentials`))));
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((s) => s === 200 || s === 409), JSON.stringify(statuses)).toBe(true);
      for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body).toEqual({ message: DEVICE_MESSAGES.changedMeanwhile, code: 'devices.changedMeanwhile' });

      const issued = answers.filter((a) => a.status === 200).map((a) => (a.body as RegisteredDevice).credentials.token);
      expect(issued.length).toBeGreaterThan(0);
      const stored = await getDevice(orgId, device.id);
      const current = issued.filter((t) => tokenHash(t) === stored?.tokenHash);
      expect(current).toHaveLength(1);

      // The original and every replaced token are refused; their lookup rows are gone.
      for (const t of [credentials.token, ...issued]) {
        const expected = t === current[0];
        expect(Boolean(await connects(device, t)), `token ${issued.indexOf(t)} (of ${issued.length}) connects`).toBe(expected);
        expect(Boolean(await findLookup('TOKEN', tokenHash(t), { consistent: true }))).toBe(expected);
      }
      expect(await connects(device, current[0]!)).toMatchObject({ deviceId: device.id, userId: ownerId });
    }
  });

  it('an edit that read the device before a rotation loses and never brings the old token back', async () => {
    const { device, credentials } = await register({ name: 'Before' });
    const stale = (await getDevice(orgId, device.id))!;

    const rotated = await api('POST', devices(`/${device.id}/credentials`));
    expect(rotated.status).toBe(200);
    const fields = { ...stale, name: 'Stale edit', userId: ownerId };
    expect(await updateDeviceFields(stale, fields, new Date().toISOString())).toBe('changed');

    expect(await connects(device, credentials.token)).toBeUndefined();
    expect(await connects(device, rotated.body.credentials.token)).toMatchObject({ deviceId: device.id, userId: undefined });
    expect((await api('GET', devices(`/${device.id}`))).body).toMatchObject({ name: 'Before', user_id: null });

    // Read afresh, the same edit goes through, and the token it did not write keeps working, now for the edit's user.
    const edited = await api('PUT', devices(`/${device.id}`), { device_id: device.device_id, name: 'After', user_id: ownerId });
    expect(edited).toMatchObject({ status: 200, body: { name: 'After', user_id: ownerId } });
    expect(await connects(device, credentials.token)).toBeUndefined();
    expect(await connects(device, rotated.body.credentials.token)).toMatchObject({ deviceId: device.id, userId: ownerId });
  });

  it('a rotation that read the device before an edit loses; the token in force keeps working for the edited user', async () => {
    const { device, credentials } = await register();
    const stale = (await getDevice(orgId, device.id))!;
    const edited = await api('PUT', devices(`/${device.id}`), { device_id: device.device_id, user_id: ownerId });
    expect(edited.status).toBe(200);

    const lost = newDeviceToken();
    expect(await rotateToken(stale, tokenHash(lost), new Date().toISOString())).toBe('changed');
    expect(await connects(device, lost)).toBeUndefined();
    expect(await findLookup('TOKEN', tokenHash(lost), { consistent: true })).toBeNull();
    expect(await connects(device, credentials.token)).toMatchObject({ deviceId: device.id, userId: ownerId });
  });

  it('a delete that read the device before a rotation loses, so the new token is never left behind', async () => {
    const { device } = await register();
    const stale = (await getDevice(orgId, device.id))!;
    const rotated = await api('POST', devices(`/${device.id}/credentials`));
    expect(rotated.status).toBe(200);
    expect(await deleteDevice(stale)).toBe('changed');
    expect(await connects(device, rotated.body.credentials.token)).toMatchObject({ deviceId: device.id });

    expect((await api('DELETE', devices(`/${device.id}`))).status).toBe(204);
    expect(await connects(device, rotated.body.credentials.token)).toBeUndefined();
    expect(await api('POST', devices(`/${device.id}/credentials`))).toMatchObject({ status: 404, body: { message: 'Device not found' } });
  });

  it('edits racing rotations, many times over: never a 500, and never the old token valid after a rotation', async () => {
    const { device, credentials } = await register();
    let inForce = credentials.token;
    for (let i = 0; i < 12; i++) {
      const userId = i % 2 === 0 ? ownerId : null;
      const [edit, rotation] = await Promise.all([
        api('PUT', devices(`/${device.id}`), { device_id: device.device_id, name: `Edit ${i}`, user_id: userId }),
        api('POST', devices(`/${device.id}/credentials`)),
      ]);
      expect([edit.status, rotation.status].every((s) => s === 200 || s === 409), `round ${i}: ${edit.status} ${rotation.status}`).toBe(true);
      const previous = inForce;
      if (rotation.status === 200) inForce = rotation.body.credentials.token;
      if (rotation.status === 200) expect(await connects(device, previous), `round ${i}: the replaced token`).toBeUndefined();

      // The token in force connects, and serves the user the device row names.
      const stored = (await getDevice(orgId, device.id))!;
      expect(stored.tokenHash).toBe(tokenHash(inForce));
      expect(await connects(device, inForce)).toMatchObject({ deviceId: device.id, userId: stored.userId });
    }
    expect(await connects(device, credentials.token)).toBeUndefined();
  });

  it('logs device_token_issued and device_token_rotated with the actor, never the token', async () => {
    const info = vi.spyOn(logger, 'info');
    const warn = vi.spyOn(logger, 'warn');
    const { device, credentials } = await register();
    const rotated = await api('POST', devices(`/${device.id}/credentials`));
    expect(rotated.status).toBe(200);

    const events = [...info.mock.calls, ...warn.mock.calls].map((call) => call[1] as Record<string, unknown> | undefined).filter((e) => e?.security_event);
    expect(events).toEqual(
      expect.arrayContaining([
        { security_event: 'device_token_issued', actor: ownerId, orgId, target: device.id, outcome: 'allowed' },
        { security_event: 'device_token_rotated', actor: ownerId, orgId, target: device.id, outcome: 'allowed' },
      ]),
    );
    const logged = JSON.stringify([...info.mock.calls, ...warn.mock.calls]);
    for (const secret of [credentials.token, rotated.body.credentials.token]) {
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(tokenHash(secret));
    }
  });
});
