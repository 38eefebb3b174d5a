import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { EncryptionContext, SecretCipher } from './secret-cipher.port.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/**
 * The key in `file` (32 random bytes in base64, readable by the owner only), written on first use.
 * Created exclusively: when two processes of one data directory race, the loser reads the winner's.
 */
export function ensureKeyFile(file: string): Buffer {
  try {
    writeFileSync(file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte key in base64`);
  return key;
}

/** The context as AAD: its entries sorted by name, so the order they are given in does not matter. */
const aadOf = (context: EncryptionContext) => Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), 'utf8');

/**
 * The secret cipher port on this machine (local runtime only): AES-256-GCM under a key of the
 * runtime's data directory, the encryption context authenticated as AAD, so it opens only with the
 * same context, as KMS does. `v1.` and the base64 of IV, tag and ciphertext.
 */
export function createLocalCipher(key: Buffer): SecretCipher {
  if (key.length !== KEY_BYTES) throw new Error(`AES-256-GCM needs a ${KEY_BYTES}-byte key`);
  return {
    async encrypt(plaintext: string, context: EncryptionContext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aadOf(context));
      const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
    },
    async decrypt(ciphertext: string, context: EncryptionContext) {
      const [version, body] = ciphertext.split('.');
      const bytes = Buffer.from(body ?? '', 'base64');
      if (version !== VERSION || bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Not a ciphertext of the local secret cipher');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(aadOf(context));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      // final() throws when the tag does not match: another context, another key, or damage.
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
