import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { env } from '../platform/config.ts';

/**
 * The operator's sign-up codes (spec 001 §3), for the sign-up check only. On AWS they live in a
 * Secrets Manager secret (CDK: infra/aws/api.construct.ts), readable by the organizations function
 * alone and never an environment variable; the secret is read once per cold start, so a changed
 * secret applies to new function instances. Locally they are the SIGNUP_CODES variable.
 *
 * The secret's value is JSON, `{"codes":"CODE1,CODE2"}` (Secrets Manager refuses an empty string,
 * so an empty `codes` is how a closed sign-up is stored).
 */
export type SignupCodesSource = typeof env.signupCodes;

export interface SignupCodesReaderOptions {
  /** Where the codes come from; default: the environment (`env.signupCodes`), read at each call. */
  source?: () => SignupCodesSource;
  /** Default: one client in the function's region, created on first use (its SDK evaluated then too). */
  client?: () => SecretsManagerClient;
}

/** `{"codes":"A, B,"}` -> ['A', 'B']. Anything else is an error: a broken secret closes sign-up loudly, never opens it. */
export function parseSignupCodesSecret(value: string | undefined): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value ?? '');
  } catch {
    throw new Error('The sign-up codes secret is not JSON; expected {"codes":"CODE1,CODE2"}');
  }
  const codes = (parsed as { codes?: unknown } | null)?.codes;
  if (typeof codes !== 'string') throw new Error('The sign-up codes secret has no string "codes"; expected {"codes":"CODE1,CODE2"}');
  return splitCodes(codes);
}

const splitCodes = (value: string) => value.split(',').map((c) => c.trim()).filter(Boolean);

let secretsSdk: Promise<typeof import('@aws-sdk/client-secrets-manager')> | undefined;
/**
 * The Secrets Manager SDK, evaluated on the first sign-up: the organizations function's other
 * routes never read the secret (docs/performance.md, "Cold start").
 */
const loadSecretsManager = () => (secretsSdk ??= import('@aws-sdk/client-secrets-manager'));

/** A reader that fetches the secret on its first call and keeps the answer; a failed read is retried on the next call. */
export function createSignupCodesReader(options: SignupCodesReaderOptions = {}): () => Promise<string[]> {
  const source = options.source ?? (() => env.signupCodes);
  let client: SecretsManagerClient | undefined;
  let loaded: { secretId: string; codes: Promise<string[]> } | undefined;

  return async () => {
    const from = source();
    if (from.from === 'environment') return from.codes;
    if (loaded?.secretId !== from.secretId) {
      const codes = loadSecretsManager()
        .then(({ GetSecretValueCommand, SecretsManagerClient }) => {
          const secrets = options.client?.() ?? (client ??= new SecretsManagerClient({ region: env.region }));
          return secrets.send(new GetSecretValueCommand({ SecretId: from.secretId }));
        })
        .then((output) => parseSignupCodesSecret(output.SecretString));
      loaded = { secretId: from.secretId, codes };
      codes.catch(() => {
        if (loaded?.codes === codes) loaded = undefined;
      });
    }
    return loaded.codes;
  };
}

/** The codes the sign-up check compares against. */
export const signupCodes = createSignupCodesReader();
