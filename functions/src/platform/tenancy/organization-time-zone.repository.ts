import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../config.ts';
import { documentClient } from '../db/client.ts';

/** Where an organisation row has no zone (never, since sign-up sets one). */
export const FALLBACK_TIME_ZONE = 'Europe/Berlin';

/**
 * AP1, one attribute: the organisation's IANA time zone, in which series (recurring sends) run.
 * The organisation entity belongs to functions/src/organizations, which features may not import;
 * this platform read gives every feature the zone without it (notifications now, tasks later).
 */
export async function organizationTimeZone(orgId: string): Promise<string> {
  const { Item } = await documentClient.send(
    // TIMEZONE is a reserved word in expressions.
    new GetCommand({ TableName: env.tableName, Key: { pk: `ORG#${orgId}`, sk: 'ORG' }, ProjectionExpression: '#tz', ExpressionAttributeNames: { '#tz': 'timeZone' } }),
  );
  return typeof Item?.timeZone === 'string' && Item.timeZone ? Item.timeZone : FALLBACK_TIME_ZONE;
}
