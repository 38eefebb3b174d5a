import { Service } from 'electrodb';
import { entityConfig } from '../platform/db/client.ts';
import { lazy } from '../platform/db/lazy.ts';
import { checkedPageToken } from '../platform/db/paging.ts';
import { BATCH_GET_CONCURRENT, getEvery } from '../platform/db/unprocessed.ts';
import { TransactionCanceledError, committed, rejectedAt, retryOnConflict, type TransactionResult } from '../platform/db/transaction.ts';
import { DeviceEntity, type DeviceItem } from './device.entity.ts';
import { DeviceLookupEntity, type DeviceLookupItem, type LookupKind } from './device-lookup.entity.ts';
import { TabletSettingsEntity } from './tablet-settings.entity.ts';

/** A device and its lookup rows are written together, all or nothing (AP29). */
const devices = lazy(() => new Service({ device: DeviceEntity, lookup: DeviceLookupEntity, tabletSettings: TabletSettingsEntity }, entityConfig()));

function lookupRows(device: DeviceItem): DeviceLookupItem[] {
  const base = { orgId: device.orgId, deviceId: device.deviceId, iotId: device.iotId, userId: device.userId };
  return [
    { kind: 'SERIAL', value: device.serialNumber, ...base },
    { kind: 'IOT', value: device.iotId, ...base },
    { kind: 'TOKEN', value: device.tokenHash, ...base },
  ];
}

/** The version a device row was read at; rows from before the attribute existed read as 0. */
export const versionOf = (device: Pick<DeviceItem, 'version'>): number => device.version ?? 0;

/** AP28 */
export async function getDevice(orgId: string, deviceId: string): Promise<DeviceItem | null> {
  const { data } = await DeviceEntity.get({ orgId, deviceId }).go({ consistent: true });
  return data;
}

/** AP28, one attribute: the user the device serves (undefined when it is gone or serves nobody). */
export async function deviceUser(orgId: string, deviceId: string): Promise<string | undefined> {
  const { data } = await DeviceEntity.get({ orgId, deviceId }).go({ attributes: ['userId'] });
  return data?.userId || undefined;
}

/**
 * AP28 batched, one attribute: which of these device ids are the organisation's kiosk tablets
 * (type android_tablet). ElectroDB splits the keys into BatchGetItem calls; what DynamoDB leaves
 * unprocessed is asked again with backoff.
 */
export async function tabletIdsAmong(orgId: string, deviceIds: readonly string[]): Promise<Set<string>> {
  const keys = [...new Set(deviceIds)].map((deviceId) => ({ orgId, deviceId }));
  const devices = await getEvery(keys, (pending) => DeviceEntity.get(pending).go({ attributes: ['deviceId', 'type'], concurrent: BATCH_GET_CONCURRENT }), 'device keys of a tablet check');
  return new Set(devices.flatMap((device) => (device.type === 'android_tablet' ? [device.deviceId] : [])));
}

/** AP30–AP32: the device behind a serial number, client id or token hash. */
export async function findLookup(kind: LookupKind, value: string, options: { consistent?: boolean } = {}): Promise<DeviceLookupItem | null> {
  const { data } = await DeviceLookupEntity.get({ kind, value }).go({ consistent: options.consistent });
  return data;
}

/** AP27: one page of the organisation's devices, by name; a token is accepted only if it points into this organisation's device list. */
export async function listDevicePage(orgId: string, page: { limit: number; cursor?: string }) {
  const cursor = checkedPageToken(page.cursor, 'gsi1pk', `ORG#${orgId}#DEVICES`);
  const { data, cursor: next } = await DeviceEntity.query.byName({ orgId }).go({ limit: page.limit, cursor });
  return { items: data, cursor: next ?? undefined };
}

/** AP29 create. The serial row's `attribute_not_exists` makes a serial unique per deployment. */
export async function insertDevice(device: DeviceItem): Promise<'created' | 'serial-taken'> {
  const row: DeviceItem = { ...device, version: 1 };
  const result = (await devices.transaction
    .write(({ device: entity, lookup }) => [entity.create(row).commit(), ...lookupRows(row).map((lookupRow) => lookup.create(lookupRow).commit())])
    .go()) as TransactionResult;
  if (rejectedAt(result, 1)) return 'serial-taken';
  committed(result);
  return 'created';
}

/** A write that lost to another write of the same device ('changed'), or found it deleted ('gone'). */
export type LostRace = 'changed' | 'gone';

const CONFLICT_ATTEMPTS = 4;

/**
 * Runs a device transaction whose item 0 is the device row conditioned on its version. DynamoDB
 * cancels a transaction that overlaps another one in flight on the same items (TransactionConflict):
 * it is tried again, and then either wins or finds the version moved on (still conflicting after the
 * last attempt counts as 'changed'). A refused device row is 'gone' when the device no longer
 * exists, else 'changed'.
 */
async function writeAtVersion(
  orgId: string,
  deviceId: string,
  write: () => Promise<TransactionResult>,
  otherRefusal: (result: TransactionResult) => string | undefined = () => undefined,
): Promise<'ok' | LostRace | string> {
  const result = await retryOnConflict(write, CONFLICT_ATTEMPTS);
  if (!result.canceled) return 'ok';
  if (rejectedAt(result, 0)) return (await getDevice(orgId, deviceId)) ? 'changed' : 'gone';
  const refusal = otherRefusal(result);
  if (refusal) return refusal;
  if (result.data.some((reason) => reason.code === 'TransactionConflict')) return 'changed';
  throw new TransactionCanceledError(result.data);
}

/** What an edit may change; the token, the client id and the version are not among them. */
export type DeviceFields = Pick<DeviceItem, 'name' | 'serialNumber' | 'type' | 'protocol' | 'userId' | 'nameKey'>;

/**
 * AP29 edit. Conditions on the version it read and increments it, so an edit racing a token
 * rotation (or another edit, or a delete) loses instead of writing back what it read. It never
 * writes the token: the device row is patched field by field, and the token's lookup row only has
 * its `userId` changed (a patch, so a token replaced meanwhile is not brought back).
 */
export async function updateDeviceFields(previous: DeviceItem, fields: DeviceFields, updatedAt: string): Promise<'updated' | 'serial-taken' | LostRace> {
  const { orgId, deviceId, iotId } = previous;
  const seen = versionOf(previous);
  const base = { orgId, deviceId, iotId, userId: fields.userId };
  const serialChanged = previous.serialNumber !== fields.serialNumber;
  const userChanged = previous.userId !== fields.userId;
  // Exactly the editable fields, whatever else the caller's object carries.
  const { userId, name, serialNumber, type, protocol, nameKey } = fields;
  const set = { name, serialNumber, type, protocol, nameKey };
  const outcome = await writeAtVersion(
    orgId,
    deviceId,
    async () =>
      (await devices.transaction
        .write(({ device, lookup }) => {
          const row = device.patch({ orgId, deviceId }).set({ ...set, ...(userId ? { userId } : {}), updatedAt, version: seen + 1 });
          const token = lookup.patch({ kind: 'TOKEN', value: previous.tokenHash });
          return [
            (userId ? row : row.remove(['userId'])).where((attr, op) => (seen === 0 ? op.notExists(attr.version) : op.eq(attr.version, seen))).commit(),
            serialChanged ? lookup.create({ kind: 'SERIAL', value: serialNumber, ...base }).commit() : lookup.put({ kind: 'SERIAL', value: serialNumber, ...base }).commit(),
            lookup.put({ kind: 'IOT', value: iotId, ...base }).commit(),
            // The old serial row goes only if it is still this device's.
            ...(serialChanged
              ? [lookup.delete({ kind: 'SERIAL', value: previous.serialNumber }).where((attr, op) => op.eq(attr.deviceId, deviceId)).commit()]
              : []),
            ...(userChanged
              ? [(userId ? token.set({ userId }) : token.remove(['userId'])).where((attr, op) => op.eq(attr.deviceId, deviceId)).commit()]
              : []),
          ];
        })
        .go()) as TransactionResult,
    (result) => (serialChanged && rejectedAt(result, 1) ? 'serial-taken' : undefined),
  );
  return outcome === 'ok' ? 'updated' : (outcome as 'serial-taken' | LostRace);
}

/**
 * AP29 token rotation: the device row (at the version it was read, incremented) takes the new
 * hash, the new token's lookup row is created and the old one deleted, in one transaction. Of
 * rotations racing each other exactly one per version wins, so only the last winner's token is left.
 */
export async function rotateToken(previous: DeviceItem, tokenHash: string, issuedAt: string): Promise<'rotated' | LostRace> {
  const { orgId, deviceId, iotId, userId } = previous;
  const seen = versionOf(previous);
  const outcome = await writeAtVersion(orgId, deviceId, async () =>
    (await devices.transaction
      .write(({ device, lookup }) => [
        device
          .patch({ orgId, deviceId })
          .set({ tokenHash, credentialsIssuedAt: issuedAt, updatedAt: issuedAt, version: seen + 1 })
          // Every device write carries this condition: the row is still at the version that was read.
          .where((attr, op) => (seen === 0 ? op.notExists(attr.version) : op.eq(attr.version, seen)))
          .commit(),
        lookup.create({ kind: 'TOKEN', value: tokenHash, orgId, deviceId, iotId, userId }).commit(),
        lookup
          .delete({ kind: 'TOKEN', value: previous.tokenHash })
          .where((attr, op) => `${op.notExists(attr.deviceId)} OR ${op.eq(attr.deviceId, deviceId)}`)
          .commit(),
      ])
      .go()) as TransactionResult,
  );
  return outcome === 'ok' ? 'rotated' : (outcome as LostRace);
}

/** AP29 delete: the device (at the version it was read), its lookup rows and its tablet settings. */
export async function deleteDevice(device: DeviceItem): Promise<'deleted' | LostRace> {
  const seen = versionOf(device);
  const outcome = await writeAtVersion(device.orgId, device.deviceId, async () =>
    (await devices.transaction
      .write(({ device: entity, lookup, tabletSettings }) => [
        entity
          .delete({ orgId: device.orgId, deviceId: device.deviceId })
          .where((attr, op) => `${op.exists(attr.deviceId)} AND ${seen === 0 ? op.notExists(attr.version) : op.eq(attr.version, seen)}`)
          .commit(),
        ...lookupRows(device).map((row) => lookup.delete({ kind: row.kind, value: row.value }).commit()),
        tabletSettings.delete({ orgId: device.orgId, deviceId: device.deviceId }).commit(),
      ])
      .go()) as TransactionResult,
  );
  return outcome === 'ok' ? 'deleted' : (outcome as LostRace);
}
