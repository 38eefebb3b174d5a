import { Service } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { rejectedAt, type TransactionResult } from '../platform/db/transaction.ts';
import { createError } from '../platform/http/errors.ts';
import { DeviceEntity, type DeviceItem } from './device.entity.ts';
import { DeviceLookupEntity, type DeviceLookupItem, type LookupKind } from './device-lookup.entity.ts';
import { TabletSettingsEntity } from './tablet-settings.entity.ts';

/** A device and its lookup rows are written together, all or nothing (AP29). */
const devices = new Service({ device: DeviceEntity, lookup: DeviceLookupEntity, tabletSettings: TabletSettingsEntity }, entityConfig());


function lookupRows(device: DeviceItem): DeviceLookupItem[] {
  const base = { orgId: device.orgId, deviceId: device.deviceId, iotId: device.iotId, userId: device.userId };
  return [
    { kind: 'SERIAL', value: device.serialNumber, ...base },
    { kind: 'IOT', value: device.iotId, ...base },
    { kind: 'TOKEN', value: device.tokenHash, ...base },
  ];
}

/** AP28 */
export async function getDevice(orgId: string, deviceId: string): Promise<DeviceItem | null> {
  const { data } = await DeviceEntity.get({ orgId, deviceId }).go();
  return data;
}

/** AP30–AP32: the device behind a serial number, client id or token hash. */
export async function findLookup(kind: LookupKind, value: string, options: { consistent?: boolean } = {}): Promise<DeviceLookupItem | null> {
  const { data } = await DeviceLookupEntity.get({ kind, value }).go({ consistent: options.consistent });
  return data;
}

/** A cursor is accepted only if it points into this organisation's device list. */
function checkedCursor(orgId: string, cursor: string | undefined): string | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { gsi1pk?: unknown };
    if (key.gsi1pk === `ORG#${orgId}#DEVICES`) return cursor;
  } catch {
    // falls through to the 400
  }
  throw createError(400, 'Invalid next_token', { expose: true });
}

/** AP27: one page of the organisation's devices, by name. */
export async function listDevicePage(orgId: string, page: { limit: number; cursor?: string }) {
  const { data, cursor } = await DeviceEntity.query.byName({ orgId }).go({ limit: page.limit, cursor: checkedCursor(orgId, page.cursor) });
  return { items: data, cursor: cursor ?? undefined };
}

/** AP29 create. The serial row's `attribute_not_exists` makes a serial unique per deployment. */
export async function insertDevice(device: DeviceItem): Promise<'created' | 'serial-taken'> {
  const result = (await devices.transaction
    .write(({ device: entity, lookup }) => [entity.create(device).commit(), ...lookupRows(device).map((row) => lookup.create(row).commit())])
    .go()) as TransactionResult;
  if (rejectedAt(result, 1)) return 'serial-taken';
  if (result.canceled) throw new Error(`Device create was cancelled: ${JSON.stringify(result.data)}`);
  return 'created';
}

/**
 * AP29 update, token rotation included: the device row (it must still exist) and its lookup rows;
 * a changed serial or token swaps its row in the same transaction.
 */
export async function replaceDevice(previous: DeviceItem, next: DeviceItem): Promise<'updated' | 'serial-taken' | 'gone'> {
  const [serial, iot, token] = lookupRows(next) as [DeviceLookupItem, DeviceLookupItem, DeviceLookupItem];
  const serialChanged = previous.serialNumber !== next.serialNumber;
  const tokenChanged = previous.tokenHash !== next.tokenHash;
  const result = (await devices.transaction
    .write(({ device, lookup }) => [
      device
        .put(next)
        .where((attr, op) => op.exists(attr.deviceId))
        .commit(),
      serialChanged ? lookup.create(serial).commit() : lookup.put(serial).commit(),
      lookup.put(iot).commit(),
      tokenChanged ? lookup.create(token).commit() : lookup.put(token).commit(),
      // The old rows go only if they are still this device's.
      ...(serialChanged ? [lookup.delete({ kind: 'SERIAL', value: previous.serialNumber }).where((attr, op) => op.eq(attr.deviceId, next.deviceId)).commit()] : []),
      ...(tokenChanged ? [lookup.delete({ kind: 'TOKEN', value: previous.tokenHash }).where((attr, op) => op.eq(attr.deviceId, next.deviceId)).commit()] : []),
    ])
    .go()) as TransactionResult;
  if (rejectedAt(result, 0)) return 'gone';
  if (serialChanged && rejectedAt(result, 1)) return 'serial-taken';
  if (result.canceled) throw new Error(`Device update was cancelled: ${JSON.stringify(result.data)}`);
  return 'updated';
}

/** AP29 delete: the device, its lookup rows and its tablet settings. */
export async function deleteDevice(device: DeviceItem): Promise<'deleted' | 'gone'> {
  const result = (await devices.transaction
    .write(({ device: entity, lookup, tabletSettings }) => [
      entity
        .delete({ orgId: device.orgId, deviceId: device.deviceId })
        .where((attr, op) => op.exists(attr.deviceId))
        .commit(),
      ...lookupRows(device).map((row) => lookup.delete({ kind: row.kind, value: row.value }).commit()),
      tabletSettings.delete({ orgId: device.orgId, deviceId: device.deviceId }).commit(),
    ])
    .go()) as TransactionResult;
  if (rejectedAt(result, 0)) return 'gone';
  if (result.canceled) throw new Error(`Device delete was cancelled: ${JSON.stringify(result.data)}`);
  return 'deleted';
}
