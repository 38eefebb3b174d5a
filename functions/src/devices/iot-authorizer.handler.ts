import type { Context, IoTCustomAuthorizerEvent, IoTCustomAuthorizerResult } from 'aws-lambda';
import { logger } from '../platform/logger.ts';
import { securityEvent } from '../platform/security/security-events.ts';
import { decideConnect, type ConnectGranted } from './device-auth.service.ts';
import { iotPolicyDocuments, scopeOfArn, type AwsScope } from './iot-policy.ts';

/** IoT Core allows 300–86,400 s. A day-long session, re-checked every 15 min (a revoked token is cut within that). */
export const DISCONNECT_AFTER_SECONDS = 86_400;
export const REFRESH_AFTER_SECONDS = 900;
const MIN_SECONDS = 300;

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

/** IoT Core's principal id must match [a-zA-Z0-9]{1,128}: a device's iot id already does; a person's is `user` + the sub's letters and digits. */
const principalIdOf = (granted: ConnectGranted) =>
  granted.kind === 'device' ? granted.clientId : `user${granted.actor.replace(/[^a-zA-Z0-9]/g, '')}`.slice(0, 128);

/** A person's session ends when their ID token expires (at least 5 minutes, IoT Core's minimum); they reconnect with a fresh one. */
function disconnectAfter(granted: ConnectGranted, now: number): number {
  if (!granted.expiresAt) return DISCONNECT_AFTER_SECONDS;
  return Math.min(DISCONNECT_AFTER_SECONDS, Math.max(MIN_SECONDS, granted.expiresAt - Math.floor(now / 1000)));
}

const clip = (value: string | undefined) => (value ?? '').slice(0, 128);

/**
 * IoT Core custom authorizer (signing disabled): the MQTT CONNECT's client id, username and
 * password (base64 in the event) are checked by the same logic the local broker uses, for MQTT
 * over TLS (ALPN `mqtt`) and over WebSocket (`wss://…/mqtt?x-amz-customauthorizer-name=…`, where
 * the event also carries `protocolData.http`, unused). Devices present their token, people (the
 * watch emulator) `user` and their ID token. The answer is a policy for exactly that client id and
 * its own topics. Refusals are security events; the password never leaves this function.
 */
export async function handler(event: IoTCustomAuthorizerEvent, context: Context): Promise<IoTCustomAuthorizerResult> {
  const mqtt = event.protocolData?.mqtt;
  const password = mqtt?.password ? Buffer.from(mqtt.password, 'base64').toString('utf8') : undefined;
  const clientId = mqtt?.clientId ?? '';
  let decision;
  try {
    decision = await decideConnect({ clientId, username: mqtt?.username, password });
  } catch (error) {
    logger.error('Broker authentication unavailable', { connectionId: event.connectionMetadata?.id, error: (error as Error).message });
    securityEvent('broker_connect_refused', { actor: 'anonymous', target: clip(clientId), outcome: 'failed', detail: 'authentication unavailable' });
    return denied;
  }
  if (decision.outcome === 'refused') {
    securityEvent('broker_connect_refused', {
      actor: decision.actor,
      ...(decision.orgId ? { orgId: decision.orgId } : {}),
      target: clip(clientId),
      outcome: 'refused',
      detail: `${decision.reason}: ${decision.detail}`,
    });
    return denied;
  }
  let policyDocuments;
  try {
    policyDocuments = iotPolicyDocuments(decision.clientId, decision.grant, scopeOf(context));
  } catch (error) {
    securityEvent('broker_connect_refused', { actor: decision.actor, target: clip(clientId), outcome: 'refused', detail: (error as Error).message });
    return denied;
  }
  return {
    isAuthenticated: true,
    principalId: principalIdOf(decision),
    disconnectAfterInSeconds: disconnectAfter(decision, Date.now()),
    refreshAfterInSeconds: REFRESH_AFTER_SECONDS,
    policyDocuments,
  };
}
