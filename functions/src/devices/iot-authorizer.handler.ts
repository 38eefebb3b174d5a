import type { Context, IoTCustomAuthorizerEvent, IoTCustomAuthorizerResult } from 'aws-lambda';
import { logger } from '../platform/logger.ts';
import { authenticateDevice, topicGrantFor } from './device-auth.service.ts';
import { iotPolicyFor, scopeOfArn, type AwsScope } from './iot-policy.ts';

/** IoT Core allows 300–86,400 s. A day-long session, re-checked every 15 min (a revoked token is cut within that). */
export const DISCONNECT_AFTER_SECONDS = 86_400;
export const REFRESH_AFTER_SECONDS = 900;

function scopeOf(context: Context): AwsScope {
  const fromArn = scopeOfArn(context.invokedFunctionArn);
  return {
    partition: fromArn.partition ?? 'aws',
    region: process.env.AWS_REGION ?? fromArn.region ?? '',
    account: process.env.AWS_ACCOUNT_ID ?? fromArn.account ?? '',
  };
}

const denied: IoTCustomAuthorizerResult = {
  isAuthenticated: false,
  principalId: 'denied',
  disconnectAfterInSeconds: 300,
  refreshAfterInSeconds: 300,
  policyDocuments: [],
};

/**
 * IoT Core custom authorizer (signing disabled): MQTT username and password (base64 in the event)
 * are checked by the same device authorisation the local broker uses; the answer is a policy
 * for exactly that device's topics.
 */
export async function handler(event: IoTCustomAuthorizerEvent, context: Context): Promise<IoTCustomAuthorizerResult> {
  const mqtt = event.protocolData?.mqtt;
  const password = mqtt?.password ? Buffer.from(mqtt.password, 'base64').toString('utf8') : undefined;
  const device = await authenticateDevice({ clientId: mqtt?.clientId ?? '', username: mqtt?.username, password });
  if (!device) {
    logger.info('Device connection refused', { connectionId: event.connectionMetadata?.id, clientId: mqtt?.clientId });
    return denied;
  }
  return {
    isAuthenticated: true,
    principalId: device.iotId,
    disconnectAfterInSeconds: DISCONNECT_AFTER_SECONDS,
    refreshAfterInSeconds: REFRESH_AFTER_SECONDS,
    policyDocuments: [iotPolicyFor(device.iotId, topicGrantFor(device), scopeOf(context))],
  };
}
