import { randomBytes } from 'node:crypto';
import type { WEBHOOK_SECRET_CONTEXT_KEYS } from '@portal/shared/crypto/secret-cipher-environment';
import { logger } from '../platform/logger.ts';
import { secretCipher } from '../platform/crypto/secret-cipher.ts';
import { sealPlainSecret, type SecretWrite, type StoredSecret } from './triggers.repository.ts';

/** A webhook secret in the Standard Webhooks form: `whsec_` and the base64 of 32 random bytes. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** The webhook's path on the portal's origin (docs/webhooks.md); the page puts its origin before it. */
export const webhookPath = (orgId: string, triggerId: string): string => `/api/hooks/${orgId}/${triggerId}`;

/** The encryption context of a trigger's secret: its row's keys (decision 0057), so a ciphertext opens on that row only. */
const contextOf = (orgId: string, triggerId: string): Record<(typeof WEBHOOK_SECRET_CONTEXT_KEYS)[number], string> => ({ orgId, triggerId });

/** The secret sealed by the secret cipher port (KMS on AWS) for this trigger's row. */
const seal = (orgId: string, triggerId: string, secret: string) => secretCipher().encrypt(secret, contextOf(orgId, triggerId));

/** A new secret as its row stores it: sealed, with its hint and when it was made. */
export async function sealSecret(orgId: string, triggerId: string, secret: string, createdAt: string): Promise<SecretWrite> {
  return { ciphertext: await seal(orgId, triggerId, secret), hint: secret.slice(-4), createdAt };
}

/**
 * Secrets opened in this container, by row and ciphertext: a ciphertext always opens to the same
 * secret, and a rotation writes a new one, so a hit is never stale; it spares a KMS Decrypt on each
 * webhook of a busy trigger. Bounded: the oldest goes first.
 */
const opened = new Map<string, string>();
const OPENED_MAX = 256;

/**
 * The secret of a stored row. A sealed row is opened (KMS Decrypt with the row's context: a
 * ciphertext copied from another row is refused). A plain row, written before decision 0057, is
 * sealed in place now, once, and its plain text removed; its secret stays valid, so senders change
 * nothing.
 */
export async function openSecret(orgId: string, triggerId: string, stored: StoredSecret): Promise<string> {
  if ('plaintext' in stored) {
    const sealed = await sealPlainSecret(orgId, triggerId, stored.plaintext, await seal(orgId, triggerId, stored.plaintext));
    logger.info('Webhook secret sealed in place (decision 0057)', { orgId, triggerId, sealed });
    return stored.plaintext;
  }
  const key = `${orgId}/${triggerId}/${stored.ciphertext}`;
  const hit = opened.get(key);
  if (hit !== undefined) return hit;
  const secret = await secretCipher().decrypt(stored.ciphertext, contextOf(orgId, triggerId));
  if (opened.size >= OPENED_MAX) opened.delete(opened.keys().next().value!);
  opened.set(key, secret);
  return secret;
}
