/**
 * The variables of the secret cipher port (functions/src/platform/crypto, decision 0057), named
 * once: CDK sets the KMS key's ARN on the functions FUNCTION_NEEDS gives `kms`, the local runtime
 * a key file in its data directory. The one that is set picks the adapter.
 */
export const SECRET_CIPHER_ENV = {
  /** The ARN of the stack's secrets key (infra/aws/secrets-key.construct.ts): the KMS adapter. */
  kmsKeyArn: 'SECRETS_KMS_KEY_ARN',
  /** A file holding 32 random bytes in base64 (the local runtime's data directory): the AES-256-GCM adapter. */
  keyFile: 'SECRETS_KEY_FILE',
} as const;

/**
 * The encryption context a webhook secret is sealed with: the keys of its row. KMS binds the
 * ciphertext to it (and the IAM grant requires exactly these keys), the local adapter authenticates
 * it as AAD, so a ciphertext copied to another trigger's row does not open there.
 */
export const WEBHOOK_SECRET_CONTEXT_KEYS = ['orgId', 'triggerId'] as const;
