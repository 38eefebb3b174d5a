import { SECRET_CIPHER_ENV } from '@portal/shared/crypto/secret-cipher-environment';
import { adapterRegistry, type PortAdapter } from '../adapter-registry.ts';
import type { SecretCipher } from './secret-cipher.port.ts';

export type { EncryptionContext, SecretCipher } from './secret-cipher.port.ts';

/**
 * Chosen by configuration only: SECRETS_KMS_KEY_ARN (set by CDK on the functions FUNCTION_NEEDS
 * gives `kms`) selects KMS, SECRETS_KEY_FILE (set by the local runtime: a key in its data
 * directory) the local AES-256-GCM adapter.
 */
export const cipherEnv = {
  get kmsKeyArn(): string | undefined {
    return process.env[SECRET_CIPHER_ENV.kmsKeyArn] || undefined;
  },
  get keyFile(): string | undefined {
    return process.env[SECRET_CIPHER_ENV.keyFile] || undefined;
  },
};

/** 'kms': the stack's secrets key. 'local': a key file on this machine. */
export type CipherKind = 'kms' | 'local';

/**
 * An adapter as its composition root registers it: the automation API entry registers KMS
 * (`kms.adapter.ts`), the local runtime the local one (infra/local/functions.ts).
 */
export type CipherAdapter = PortAdapter<CipherKind, SecretCipher>;

const adapters = adapterRegistry<CipherKind, SecretCipher>(
  (kind) => `The secret cipher is configured for '${kind}', but no '${kind}' adapter is registered: the automation entry registers kms, the local runtime local (infra/local/functions.ts)`,
);

/** Makes an adapter available; configuration decides which one is used. */
export const registerCipherAdapter = (adapter: CipherAdapter): void => adapters.register(adapter);

/** The secret cipher port as configured, among the adapters registered. */
export function secretCipher(): SecretCipher {
  const kind: CipherKind | undefined = cipherEnv.kmsKeyArn ? 'kms' : cipherEnv.keyFile ? 'local' : undefined;
  if (!kind) throw new Error(`The secret cipher is not configured: set ${SECRET_CIPHER_ENV.kmsKeyArn} (KMS) or ${SECRET_CIPHER_ENV.keyFile} (a local key file)`);
  return adapters.use(kind);
}
