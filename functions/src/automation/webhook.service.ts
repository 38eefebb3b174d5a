import { AUTOMATION_MESSAGES, type WebhookAcceptedDto } from '@portal/shared/automation/automation.schema';
import { WEBHOOK_HEADERS } from '@portal/shared/automation/webhook-signature';
import { INPUT_ERROR } from '@portal/shared/api/limits';
import { isFeatureEnabled } from '@portal/shared/tenancy/features';
import { InvalidInputError, NotFoundError, RateLimitedError, UnauthenticatedError } from '../platform/errors/domain-errors.ts';
import { securityEvent } from '../platform/security/security-events.ts';
import { getFeatureFlags } from '../platform/tenancy/feature-flags.repository.ts';
import { fireTrigger } from './fire.service.ts';
import { requireTrigger, triggerSecret } from './triggers.service.ts';
import { verifyWebhook, type WebhookVerdict } from './webhook-auth.ts';

/** What a webhook request brings: its headers (lower-case), the URL's secret if any, the body's bytes. */
export interface WebhookDelivery {
  headers: Record<string, string | undefined>;
  pathSecret?: string | undefined;
  body: Buffer;
}

/** A delivery id is part of a key (HOOKDELIVERY#…): printable, at most this long. */
export const DELIVERY_ID_MAX = 128;
const DELIVERY_ID = /^[\x21-\x7e]+$/;

const REFUSAL_MESSAGES: Record<Extract<WebhookVerdict, { ok: false }>['reason'], string> = {
  'no-credentials': AUTOMATION_MESSAGES.webhookUnauthorized,
  'wrong-secret': AUTOMATION_MESSAGES.webhookUnauthorized,
  'bad-signature': AUTOMATION_MESSAGES.webhookSignatureInvalid,
  'stale-timestamp': AUTOMATION_MESSAGES.webhookTimestampStale,
};

function refuse(orgId: string, triggerId: string, detail: string) {
  // Ids and the reason only: never the secret, a signature or the body.
  securityEvent('webhook_refused', { actor: 'anonymous', orgId, target: triggerId, outcome: 'refused', detail });
}

/** The sender's delivery id (Standard Webhooks `webhook-id`, else `idempotency-key`), or null. */
function deliveryIdOf(headers: WebhookDelivery['headers']): string | null {
  const id = headers[WEBHOOK_HEADERS.id] ?? headers['idempotency-key'];
  if (id === undefined || id === '') return null;
  if (id.length > DELIVERY_ID_MAX || !DELIVERY_ID.test(id)) {
    throw InvalidInputError.onFields(INPUT_ERROR.invalid.message, { [WEBHOOK_HEADERS.id]: `Delivery id must be 1 to ${DELIVERY_ID_MAX} printable characters` }, INPUT_ERROR.invalid.code);
  }
  return id;
}

/**
 * A webhook request for a trigger (docs/webhooks.md): 404 unless the trigger exists in the path's
 * organisation, is external and automation is on there; 401 unless the request presents the
 * trigger's secret or a valid signature; then the trigger fires (a repeated delivery id answers
 * its first firing) or, inside its throttle window, 429 with the seconds to wait.
 */
export async function receiveWebhook(orgId: string, triggerId: string, delivery: WebhookDelivery, now = new Date()): Promise<WebhookAcceptedDto> {
  // The three reads at once: every webhook request, refused or not, waits for them.
  const [trigger, secret, flags] = await Promise.all([
    requireTrigger(orgId, triggerId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    }),
    triggerSecret(orgId, triggerId),
    getFeatureFlags(orgId),
  ]);
  const unreachable = !trigger ? 'unknown trigger' : !trigger.metadata.is_external || !secret ? 'trigger not external' : !isFeatureEnabled(flags, 'automation') ? 'automation off' : null;
  if (unreachable || !trigger || !secret) {
    refuse(orgId, triggerId, unreachable ?? 'unknown trigger');
    throw new NotFoundError(AUTOMATION_MESSAGES.triggerNotFound);
  }

  const verdict = verifyWebhook(secret, { headers: delivery.headers, pathSecret: delivery.pathSecret, body: delivery.body, nowSeconds: Math.floor(now.getTime() / 1000) });
  if (!verdict.ok) {
    refuse(orgId, triggerId, verdict.reason);
    throw new UnauthenticatedError(REFUSAL_MESSAGES[verdict.reason]);
  }

  const result = await fireTrigger(orgId, trigger, { source: 'webhook', deliveryId: deliveryIdOf(delivery.headers) }, now);
  if (result.outcome === 'throttled') throw new RateLimitedError(AUTOMATION_MESSAGES.webhookThrottled, { retryAfterSeconds: result.retryAfterSeconds });
  return { firing_id: result.firing.id, outcome: 'fired', replayed: result.replayed };
}
