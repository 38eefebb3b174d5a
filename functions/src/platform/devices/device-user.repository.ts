import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config.ts';
import { documentClient } from '../db/client.ts';

/**
 * AP28 for uplink handlers: the user a device serves, read from the device row
 * (`ORG#{orgId}` / `DEVICE#{deviceId}`, owned by functions/src/devices). Features may not import
 * the devices feature, and the device entity has not moved to platform yet (decision 0005), so this
 * reads the one attribute it needs; the receipt then counts for that user, never for a user id the
 * device claims in its message.
 */
export async function userOfDevice(orgId: string, deviceId: string): Promise<string | undefined> {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: env.tableName,
      Key: { pk: `ORG#${orgId}`, sk: `DEVICE#${deviceId}` },
      ProjectionExpression: '#u, #e',
      ExpressionAttributeNames: { '#u': 'userId', '#e': '__edb_e__' },
    }),
  );
  if (!Item || Item.__edb_e__ !== 'device') return undefined;
  return typeof Item.userId === 'string' && Item.userId ? Item.userId : undefined;
}
