import { WEBHOOK_HEADERS } from '@portal/shared/automation/webhook-signature';

/** The webhook's address: the API's path on the portal's origin (the portal serves /api). */
export const webhookUrl = (origin: string, path: string) => `${origin.replace(/\/+$/, '')}${path}`;

/** A request a person can paste into a shell: the secret in its header, no body (docs/webhooks.md). */
export const curlExample = (url: string, secret: string) => `curl -X POST -H '${WEBHOOK_HEADERS.secret}: ${secret}' ${url}`;
