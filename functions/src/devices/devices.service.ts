import { DEVICE_MESSAGES, type DeviceDto, type DeviceInput, type DevicePage, type RegisteredDevice } from '@portal/shared/devices/device.schema';
import { searchKey } from '@portal/shared/text/search-key';
import { recordChange, type AuditActor } from '../audit/public.ts';
import { newId } from '../platform/db/ids.ts';
import { pageSize } from '../platform/db/paging.ts';
import { ConflictError, NotFoundError } from '../platform/errors/domain-errors.ts';
import { securityEvent } from '../platform/security/security-events.ts';
import { assertOwnedIds } from '../platform/tenancy/owned-ids.ts';
import type { DeviceItem } from './device.entity.ts';
import { deviceChanges, tokenIssued } from './device-changes.ts';
import { deviceChanged } from './device-signals.ts';
import { credentialsOf, newDeviceToken, tokenHash } from './device-credentials.ts';
import { deleteDevice, getDevice, insertDevice, listDevicePage, rotateToken, updateDeviceFields, versionOf, type LostRace } from './devices.repository.ts';
import { newIotId } from './ids.ts';
import { presenceOfDevices } from './presence.service.ts';

export function toDeviceDto(device: DeviceItem): DeviceDto {
  return {
    id: device.deviceId,
    name: device.name ?? '',
    device_id: device.serialNumber,
    type: device.type,
    protocol: device.protocol,
    iot_id: device.iotId,
    user_id: device.userId ?? null,
    created_at: device.createdAt ?? device.updatedAt,
    updated_at: device.updatedAt,
    credentials_issued_at: device.credentialsIssuedAt,
  };
}

const notFound = () => new NotFoundError(DEVICE_MESSAGES.notFound);
const serialTaken = () => new ConflictError(DEVICE_MESSAGES.serialTaken, { errors: { device_id: DEVICE_MESSAGES.serialTaken } });

/** The device or a 404. */
export async function requireDevice(orgId: string, deviceId: string): Promise<DeviceItem> {
  const device = await getDevice(orgId, deviceId);
  if (!device) throw notFound();
  return device;
}

/** Another write of the same device won (an edit, a rotation or a delete between our read and our write). */
const changedMeanwhile = () => new ConflictError(DEVICE_MESSAGES.changedMeanwhile);
const lostRace = (outcome: LostRace) => (outcome === 'gone' ? notFound() : changedMeanwhile());

/** A device may serve only a user of its own organisation (docs/security.md, "Ids in request bodies"), asked of the users module. */
const ensureUser = (orgId: string, userId: string | null | undefined) =>
  assertOwnedIds(orgId, [{ field: 'user_id', kind: 'user', ids: [userId], message: DEVICE_MESSAGES.userNotFound }]);

function fieldsOf(input: DeviceInput) {
  return {
    name: input.name,
    serialNumber: input.device_id,
    type: input.type,
    protocol: input.protocol,
    userId: input.user_id ?? undefined,
    nameKey: searchKey(input.name || input.device_id),
  };
}

export async function listDevices(orgId: string, query: { next_token?: string; limit?: string }): Promise<DevicePage> {
  const page = await listDevicePage(orgId, { limit: pageSize(query.limit), cursor: query.next_token });
  const presence = await presenceOfDevices(orgId, page.items.map((device) => device.deviceId));
  const items = page.items.map((device) => ({ ...toDeviceDto(device), ...presence.get(device.deviceId)! }));
  return { items, ...(page.cursor ? { next_token: page.cursor } : {}) };
}

/** Registers a device with fresh credentials; the token is returned once and only its hash kept. */
export async function registerDevice(orgId: string, input: DeviceInput, actor: AuditActor): Promise<RegisteredDevice> {
  await ensureUser(orgId, input.user_id);
  const token = newDeviceToken();
  const now = new Date().toISOString();
  const device: DeviceItem = {
    orgId,
    deviceId: newId(),
    iotId: newIotId(),
    ...fieldsOf(input),
    tokenHash: tokenHash(token),
    credentialsIssuedAt: now,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  if ((await insertDevice(device)) === 'serial-taken') throw serialTaken();
  securityEvent('device_token_issued', { actor: actor.userId, orgId, target: device.deviceId, outcome: 'allowed' });
  await recordChange(orgId, actor, ...deviceChanges('created', null, device));
  await deviceChanged.emit({ device });
  return { device: toDeviceDto(device), credentials: credentialsOf(device, token) };
}

/**
 * Updates name, serial, type, protocol and served user; the device's config follows. The write
 * conditions on the version read here, so an edit that raced another write is a 409, and it never
 * writes the token (a rotation meanwhile stays in force).
 */
export async function updateDevice(orgId: string, deviceId: string, input: DeviceInput, actor: AuditActor): Promise<DeviceDto> {
  const previous = await requireDevice(orgId, deviceId);
  await ensureUser(orgId, input.user_id);
  const fields = fieldsOf(input);
  const updatedAt = new Date().toISOString();
  const outcome = await updateDeviceFields(previous, fields, updatedAt);
  if (outcome === 'serial-taken') throw serialTaken();
  if (outcome !== 'updated') throw lostRace(outcome);
  const next: DeviceItem = { ...previous, ...fields, updatedAt, version: versionOf(previous) + 1 };
  await recordChange(orgId, actor, ...deviceChanges('updated', previous, next));
  await deviceChanged.emit({ device: next });
  return toDeviceDto(next);
}

/**
 * New credentials; the old token stops working at once for new connections. Of rotations racing
 * each other (or an edit or a delete), the losers answer 409 and their tokens never work.
 */
export async function issueCredentials(orgId: string, deviceId: string, actor: AuditActor): Promise<RegisteredDevice> {
  const previous = await requireDevice(orgId, deviceId);
  const token = newDeviceToken();
  const now = new Date().toISOString();
  const outcome = await rotateToken(previous, tokenHash(token), now);
  if (outcome !== 'rotated') {
    securityEvent('device_token_rotated', { actor: actor.userId, orgId, target: deviceId, outcome: 'failed', detail: outcome === 'gone' ? 'device deleted' : 'changed at the same time' });
    throw lostRace(outcome);
  }
  securityEvent('device_token_rotated', { actor: actor.userId, orgId, target: deviceId, outcome: 'allowed' });
  await recordChange(orgId, actor, tokenIssued(previous, 'rotated'));
  const next: DeviceItem = { ...previous, tokenHash: tokenHash(token), credentialsIssuedAt: now, updatedAt: now, version: versionOf(previous) + 1 };
  return { device: toDeviceDto(next), credentials: credentialsOf(next, token) };
}

/** Removes the device, its lookups and settings, and clears its retained config. */
export async function removeDevice(orgId: string, deviceId: string, actor: AuditActor): Promise<void> {
  const device = await requireDevice(orgId, deviceId);
  const outcome = await deleteDevice(device);
  if (outcome !== 'deleted') throw lostRace(outcome);
  await recordChange(orgId, actor, ...deviceChanges('deleted', device, null));
  await deviceChanged.emit({ device, removed: true });
}
