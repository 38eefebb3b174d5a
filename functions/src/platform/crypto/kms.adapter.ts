import type { KMSClient } from '@aws-sdk/client-kms';
import { env } from '../config.ts';
import type { EncryptionContext, SecretCipher } from './secret-cipher.port.ts';
import { cipherEnv, type CipherAdapter } from './secret-cipher.ts';

let kmsSdk: Promise<typeof import('@aws-sdk/client-kms')> | undefined;
/**
 * The KMS SDK, evaluated at the first secret sealed or opened: the automation function's other
 * routes never reach KMS, and evaluating an SDK at load costs each cold start CPU (docs/performance.md, "Cold start").
 */
const loadKms = () => (kmsSdk ??= import('@aws-sdk/client-kms'));

/**
 * The secret cipher port on KMS: Encrypt and Decrypt under the stack's secrets key
 * (infra/aws/secrets-key.construct.ts) with the row's encryption context, which KMS binds to the
 * ciphertext (and logs in CloudTrail); Decrypt names the key too, so a ciphertext of another key is
 * refused rather than opened. The ciphertext is the CiphertextBlob in base64.
 */
export function createKmsCipher(keyId: string, client?: KMSClient): SecretCipher {
  const kms = async () => {
    const sdk = await loadKms();
    return { sdk, client: (client ??= new sdk.KMSClient({ region: env.region })) };
  };
  return {
    async encrypt(plaintext: string, context: EncryptionContext) {
      const { client, sdk: { EncryptCommand } } = await kms();
      const answer = await client.send(new EncryptCommand({ KeyId: keyId, Plaintext: Buffer.from(plaintext, 'utf8'), EncryptionContext: { ...context } }));
      if (!answer.CiphertextBlob) throw new Error('KMS Encrypt answered no CiphertextBlob');
      return Buffer.from(answer.CiphertextBlob).toString('base64');
    },
    async decrypt(ciphertext: string, context: EncryptionContext) {
      const { client, sdk: { DecryptCommand } } = await kms();
      const answer = await client.send(new DecryptCommand({ KeyId: keyId, CiphertextBlob: Buffer.from(ciphertext, 'base64'), EncryptionContext: { ...context } }));
      if (!answer.Plaintext) throw new Error('KMS Decrypt answered no Plaintext');
      return Buffer.from(answer.Plaintext).toString('utf8');
    },
  };
}

/** What the automation entry registers (functions/src/automation/handler.ts). */
export const kmsCipher: CipherAdapter = {
  kind: 'kms',
  create: () => createKmsCipher(cipherEnv.kmsKeyArn ?? ''),
};
