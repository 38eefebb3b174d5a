import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@portal/shared/automation/automation.schema';
import { WEBHOOK_HEADERS, WEBHOOK_SECRET_PREFIX, signedContent } from '@portal/shared/automation/webhook-signature';

/**
 * Judges a webhook request against its trigger's secret (docs/webhooks.md, decision 0040). Pure:
 * no I/O, the clock passed in. A request presents the secret itself (header `x-webhook-secret`,
 * `Authorization: Bearer`, or the URL's last segment) and/or a Standard Webhooks signature; it
 * must present at least one, and everything it presents must be right.
 */
export type WebhookVerdict =
  | { ok: true; by: 'secret' | 'signature' | 'secret+signature' }
  | { ok: false; reason: 'no-credentials' | 'wrong-secret' | 'bad-signature' | 'stale-timestamp' };

export interface WebhookCredentials {
  /** Lower-case header names, as the HTTP preset normalises them. */
  headers: Record<string, string | undefined>;
  /** The `{secret}` path segment of fireWebhookWithSecret. */
  pathSecret?: string | undefined;
  /** The body's exact bytes (what a signature covers). */
  body: Buffer;
  nowSeconds: number;
}

/** Equal strings in time independent of where they differ: digests first, so the lengths match. */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * The secret as written in a URL segment: percent-encoded (`/` as %2F; API Gateway may hand the
 * segment on still encoded, a secret never contains `%`) or in base64url after `whsec_` (`-` and
 * `_` for `+` and `/`, padding optional: nothing to encode), both read as the secret itself.
 */
export function secretFromUrl(segment: string): string {
  let value = segment;
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // Not valid percent-encoding: compared as it is, so it fails as a wrong secret.
    }
  }
  if (!value.startsWith(WEBHOOK_SECRET_PREFIX)) return value;
  const base64 = value.slice(WEBHOOK_SECRET_PREFIX.length).replace(/-/g, '+').replace(/_/g, '/');
  // base64url usually drops the padding.
  return WEBHOOK_SECRET_PREFIX + base64.padEnd(Math.ceil(base64.length / 4) * 4, '=');
}

/** The secrets a request presents: the header, a Bearer token, the URL segment (each only if given). */
export function presentedSecrets(headers: WebhookCredentials['headers'], pathSecret?: string): string[] {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  return [headers[WEBHOOK_HEADERS.secret]?.trim(), bearer, pathSecret ? secretFromUrl(pathSecret) : undefined].filter((value): value is string => Boolean(value));
}

/** The HMAC key: the bytes of the base64 after `whsec_` (Standard Webhooks), else the text's bytes. */
function signingKey(secret: string): Buffer {
  return secret.startsWith(WEBHOOK_SECRET_PREFIX) ? Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
}

/** `v1,<base64>` of HMAC-SHA256 over `${id}.${timestamp}.${body}` (the body as its exact bytes). */
export function webhookSignature(secret: string, webhookId: string, timestamp: number | string, body: Buffer | string): string {
  const hmac = createHmac('sha256', signingKey(secret)).update(signedContent(webhookId, timestamp, ''), 'utf8');
  hmac.update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  return `v1,${hmac.digest('base64')}`;
}

/** Whether the request carries Standard Webhooks headers (then its signature is judged). */
export const isSigned = (headers: WebhookCredentials['headers']) => Boolean(headers[WEBHOOK_HEADERS.signature]);

function verifySignature(secret: string, { headers, body, nowSeconds }: WebhookCredentials): WebhookVerdict | undefined {
  const id = headers[WEBHOOK_HEADERS.id];
  const timestamp = headers[WEBHOOK_HEADERS.timestamp];
  if (!id || !timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad-signature' };
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, reason: 'stale-timestamp' };
  const expected = webhookSignature(secret, id, timestamp, body);
  // Several signatures may be sent (a sender mid-rotation signs with both secrets); other versions are skipped.
  const sent = (headers[WEBHOOK_HEADERS.signature] ?? '').split(' ').filter((part) => part.startsWith('v1,'));
  return sent.some((signature) => constantTimeEqual(signature, expected)) ? undefined : { ok: false, reason: 'bad-signature' };
}

export function verifyWebhook(secret: string, request: WebhookCredentials): WebhookVerdict {
  const secrets = presentedSecrets(request.headers, request.pathSecret);
  const signed = isSigned(request.headers);
  if (!secrets.length && !signed) return { ok: false, reason: 'no-credentials' };
  // Every presented secret is compared (no early exit), so the answer's time says nothing of which one was wrong.
  const wrong = secrets.map((candidate) => constantTimeEqual(candidate, secret)).includes(false);
  if (wrong) return { ok: false, reason: 'wrong-secret' };
  if (signed) {
    const refused = verifySignature(secret, request);
    if (refused) return refused;
  }
  return { ok: true, by: signed ? (secrets.length ? 'secret+signature' : 'signature') : 'secret' };
}
