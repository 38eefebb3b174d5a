import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareObj } from '@middy/core';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ORIGIN_SECRET } from '@portal/shared/api/origin-secret';
import { HTTP_MESSAGES } from '@portal/shared/api/server-messages';
import { env } from '../config.ts';
import { securityEvent } from '../security/security-events.ts';
import { HttpError } from './errors.ts';
import type { HttpEvent, HttpResult } from './types.ts';

/** The values a request's origin header may have, or undefined when no secret is configured (the check is off). */
export type OriginSecrets = () => Promise<readonly string[] | undefined>;

export interface OriginSecretReaderOptions {
  /** The secret's id; default: `env.originSecretId`, read at each call. */
  secretId?: () => string | undefined;
  /** Default: one client in the function's region, created on first use. */
  client?: () => SecretsManagerClient;
  /** Default: Date.now. */
  now?: () => number;
}

let secretsSdk: Promise<typeof import('@aws-sdk/client-secrets-manager')> | undefined;
const loadSecretsManager = () => (secretsSdk ??= import('@aws-sdk/client-secrets-manager'));

/**
 * The origin secret's current and previous values (Secrets Manager's AWSCURRENT and AWSPREVIOUS
 * stages), so a rotation (docs/deploy.md) never refuses CloudFront while its distribution still
 * sends the old one. Read on the first request and again after `ORIGIN_SECRET.refreshSeconds`; the
 * values already read keep answering while a newer read is under way. A failed first read fails the
 * request (500): without the values nothing can be let through.
 */
export function createOriginSecretReader(options: OriginSecretReaderOptions = {}): OriginSecrets {
  const secretId = options.secretId ?? (() => env.originSecretId);
  const now = options.now ?? Date.now;
  let client: SecretsManagerClient | undefined;
  let loaded: { secretId: string; at: number; values: Promise<string[]>; settled?: string[] } | undefined;

  const read = (id: string) => {
    const values = loadSecretsManager().then(async ({ GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient }) => {
      const secrets = options.client?.() ?? (client ??= new SecretsManagerClient({ region: env.region }));
      const stage = (VersionStage: string) =>
        secrets.send(new GetSecretValueCommand({ SecretId: id, VersionStage })).then(
          (output) => output.SecretString,
          (error: unknown) => {
            // A secret never rotated has no previous value.
            if (VersionStage === 'AWSPREVIOUS' && error instanceof ResourceNotFoundException) return undefined;
            throw error;
          },
        );
      const [current, previous] = await Promise.all([stage('AWSCURRENT'), stage('AWSPREVIOUS')]);
      if (!current) throw new Error('The origin secret has no current string value');
      return [current, ...(previous ? [previous] : [])];
    });
    const entry: NonNullable<typeof loaded> = { secretId: id, at: now(), values };
    const previousEntry = loaded;
    loaded = entry;
    values.then(
      (settled) => (entry.settled = settled),
      () => {
        // Try again on the next request, keeping what an earlier read gave meanwhile.
        if (loaded === entry) loaded = previousEntry?.secretId === id ? { ...previousEntry, at: 0 } : undefined;
      },
    );
    return entry;
  };

  return async () => {
    const id = secretId();
    if (!id) return undefined;
    if (loaded?.secretId !== id) return read(id).values;
    if (now() - loaded.at >= ORIGIN_SECRET.refreshSeconds * 1000) {
      const stale = loaded.settled;
      const fresh = read(id);
      return stale ?? fresh.values;
    }
    return loaded.settled ?? loaded.values;
  };
}

const sameValue = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The HTTP preset's first check (decision 0058): with an origin secret configured, a request without
 * CloudFront's origin header, or with another value, is refused 403 before anything else runs, so
 * the execute-api URL cannot be used to get around CloudFront's web ACL. The header is removed from
 * the event either way: no route, log line or answer ever sees its value.
 */
export function originCheck(secrets: OriginSecrets = originSecrets): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: async ({ event }) => {
      const headers = event.headers ?? {};
      const given = headers[ORIGIN_SECRET.header];
      delete headers[ORIGIN_SECRET.header];
      const expected = await secrets();
      if (!expected) return;
      if (given !== undefined && expected.some((value) => sameValue(given, value))) return;
      // The route and whether a value was sent at all; never the value.
      securityEvent('request_refused', { actor: 'anonymous', target: event.routeKey, outcome: 'refused', detail: given === undefined ? 'no origin header' : 'wrong origin header' });
      throw new HttpError(403, HTTP_MESSAGES.directCallRefused);
    },
  };
}

/** The preset's reader: the secret CDK names in ORIGIN_SECRET_ARN, none where it is unset. */
export const originSecrets = createOriginSecretReader();
