import { DecryptCommand, EncryptCommand, InvalidCiphertextException, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createKmsCipher } from './kms.adapter.ts';

const kms = mockClient(KMSClient);
afterEach(() => kms.reset());

const KEY_ARN = 'arn:aws:kms:eu-central-1:123456789012:key/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0';
const cipher = () => createKmsCipher(KEY_ARN, new KMSClient({ region: 'eu-central-1' }));
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0t3Bb7kD+2s=';
const BLOB = Uint8Array.from([1, 2, 3, 250, 251, 252]);

describe('KMS secret cipher adapter', () => {
  it('encrypts under the configured key with the row as encryption context, and answers the blob in base64', async () => {
    kms.on(EncryptCommand).resolves({ CiphertextBlob: BLOB, KeyId: KEY_ARN, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' });
    const sealed = await cipher().encrypt(SECRET, { orgId: 'org-1', triggerId: 'trg-1' });
    expect(kms.commandCalls(EncryptCommand).map((call) => call.args[0].input)).toEqual([
      { KeyId: KEY_ARN, Plaintext: Buffer.from(SECRET, 'utf8'), EncryptionContext: { orgId: 'org-1', triggerId: 'trg-1' } },
    ]);
    expect(sealed).toBe(Buffer.from(BLOB).toString('base64'));
  });

  it('decrypts the blob naming the key and the same context', async () => {
    kms.on(DecryptCommand).resolves({ Plaintext: Buffer.from(SECRET, 'utf8'), KeyId: KEY_ARN, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' });
    const opened = await cipher().decrypt(Buffer.from(BLOB).toString('base64'), { orgId: 'org-1', triggerId: 'trg-1' });
    expect(kms.commandCalls(DecryptCommand).map((call) => call.args[0].input)).toEqual([
      { KeyId: KEY_ARN, CiphertextBlob: Buffer.from(BLOB), EncryptionContext: { orgId: 'org-1', triggerId: 'trg-1' } },
    ]);
    expect(opened).toBe(SECRET);
  });

  it("passes KMS's refusal on: a ciphertext of another row's context does not open", async () => {
    kms.on(DecryptCommand).rejects(new InvalidCiphertextException({ message: 'InvalidCiphertextException', $metadata: {} }));
    await expect(cipher().decrypt(Buffer.from(BLOB).toString('base64'), { orgId: 'org-1', triggerId: 'trg-2' })).rejects.toThrow(InvalidCiphertextException);
  });
});
