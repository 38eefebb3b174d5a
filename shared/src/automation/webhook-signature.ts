/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 with the secret's bytes (the base64
 * after `whsec_`), sent as `webhook-signature: v1,<base64>` (several, space-separated, may be sent
 * during a rotation). Pure: the webhook handler verifies with it, docs/webhooks.md and the tests sign.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
  /** A fixed request (a Flic hub) sends the secret itself in this header, or as `Authorization: Bearer <secret>`. */
  secret: 'x-webhook-secret',
} as const;

export const signedContent = (webhookId: string, timestampSeconds: number | string, body: string) => `${webhookId}.${timestampSeconds}.${body}`;
