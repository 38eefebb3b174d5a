import { DEVICE_MESSAGES, DEVICE_PAGE_MAX, DEVICE_PAGE_SIZE, type DeviceDto, type DeviceInput, type DevicePage, type RegisteredDevice } from '@portal/shared/devices/device.schema';
import { searchKey } from '@portal/shared/text/search-key';
import { createError, validationError } from '../platform/http/errors.ts';
import { UserProfileEntity } from '../platform/tenancy/user-profile.entity.ts';
import type { DeviceItem } from './device.entity.ts';
import { clearDeviceConfig, publishDeviceConfigQuietly } from './device-config.service.ts';
import { credentialsOf, newDeviceToken, tokenHash } from './device-credentials.ts';
import { deleteDevice, getDevice, insertDevice, listDevicePage, replaceDevice } from './devices.repository.ts';
import { newId, newIotId } from './ids.ts';

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

const notFound = () => createError(404, DEVICE_MESSAGES.notFound, { expose: true });

function serialTaken() {
  const error = createError(409, DEVICE_MESSAGES.serialTaken, { expose: true });
  return Object.assign(error, { errors: { device_id: DEVICE_MESSAGES.serialTaken } });
}

/** The device or a 404. */
export async function requireDevice(orgId: string, deviceId: string): Promise<DeviceItem> {
  const device = await getDevice(orgId, deviceId);
  if (!device) throw notFound();
  return device;
}

/** A device may serve only a user of its own organisation. */
async function ensureUser(orgId: string, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const { data } = await UserProfileEntity.get({ orgId, userId }).go();
  if (!data) throw validationError(DEVICE_MESSAGES.userNotFound, { user_id: DEVICE_MESSAGES.userNotFound });
}

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
  const limit = Math.min(Math.max(Number(query.limit ?? DEVICE_PAGE_SIZE) || DEVICE_PAGE_SIZE, 1), DEVICE_PAGE_MAX);
  const page = await listDevicePage(orgId, { limit, cursor: query.next_token });
  return { items: page.items.map(toDeviceDto), ...(page.cursor ? { next_token: page.cursor } : {}) };
}

/** Registers a device with fresh credentials; the token is returned once and only its hash kept. */
export async function registerDevice(orgId: string, input: DeviceInput): Promise<RegisteredDevice> {
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
  };
  if ((await insertDevice(device)) === 'serial-taken') throw serialTaken();
  await publishDeviceConfigQuietly(device);
  return { device: toDeviceDto(device), credentials: credentialsOf(device, token) };
}

async function replace(previous: DeviceItem, next: DeviceItem): Promise<void> {
  const outcome = await replaceDevice(previous, next);
  if (outcome === 'gone') throw notFound();
  if (outcome === 'serial-taken') throw serialTaken();
}

/** Updates name, serial, type, protocol and served user; the device's config follows. */
export async function updateDevice(orgId: string, deviceId: string, input: DeviceInput): Promise<DeviceDto> {
  const previous = await requireDevice(orgId, deviceId);
  await ensureUser(orgId, input.user_id);
  const next: DeviceItem = { ...previous, ...fieldsOf(input), updatedAt: new Date().toISOString() };
  await replace(previous, next);
  await publishDeviceConfigQuietly(next);
  return toDeviceDto(next);
}

/** New credentials; the old token stops working at once for new connections. */
export async function issueCredentials(orgId: string, deviceId: string): Promise<RegisteredDevice> {
  const previous = await requireDevice(orgId, deviceId);
  const token = newDeviceToken();
  const now = new Date().toISOString();
  const next: DeviceItem = { ...previous, tokenHash: tokenHash(token), credentialsIssuedAt: now, updatedAt: now };
  await replace(previous, next);
  return { device: toDeviceDto(next), credentials: credentialsOf(next, token) };
}

/** Removes the device, its lookups and settings, and clears its retained config. */
export async function removeDevice(orgId: string, deviceId: string): Promise<void> {
  const device = await requireDevice(orgId, deviceId);
  if ((await deleteDevice(device)) === 'gone') throw notFound();
  await clearDeviceConfig(device);
}
