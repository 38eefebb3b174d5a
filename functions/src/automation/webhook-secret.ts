import { randomBytes } from 'node:crypto';

/** A webhook secret in the Standard Webhooks form: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The webhook's path on the portal's origin (docs/webhooks.md); the page puts its origin before it. */
export const webhookPath = (orgId: string, triggerId: string): string => `/api/hooks/${orgId}/${triggerId}`;
