import { DecryptCommand, DescribeKeyCommand, EncryptCommand, KMSClient } from '@aws-sdk/client-kms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKmsEmulator, type KmsEmulator } from './kms.server.ts';
import { clientConfig } from './sdk-client.ts';

let kms: KmsEmulator;
let client: KMSClient;

beforeAll(async () => {
  kms = await startKmsEmulator({ authorize: (call) => (call.accessKeyId === 'AKIDDENIED' ? { allowed: false, reason: 'denied' } : { allowed: true }) });
  client = new KMSClient(clientConfig(kms.endpoint));
});
afterAll(async () => {
  client.destroy();
  await kms.close();
});

const expectError = (promise: Promise<unknown>, name: string) => expect(promise).rejects.toMatchObject({ name });
const SECRET = Buffer.from('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0t3Bb7kD+2s=', 'utf8');
const CONTEXT = { orgId: 'org-1', triggerId: 'trg-1' };

describe('KMS emulator', () => {
  it('encrypts under a key named by ARN or alias and decrypts with the same context, with or without the KeyId', async () => {
    const keyArn = kms.createKey();
    kms.createAlias('alias/portal/secrets', keyArn);
    expect(keyArn).toMatch(/^arn:aws:kms:eu-central-1:000000000000:key\/[0-9a-f-]{36}$/);
    const byArn = await client.send(new EncryptCommand({ KeyId: keyArn, Plaintext: SECRET, EncryptionContext: CONTEXT }));
    expect(byArn).toMatchObject({ KeyId: keyArn, EncryptionAlgorithm: 'SYMMETRIC_DEFAULT' });
    expect(Buffer.from(byArn.CiphertextBlob!).includes(SECRET)).toBe(false);
    const byAlias = await client.send(new EncryptCommand({ KeyId: 'alias/portal/secrets', Plaintext: SECRET, EncryptionContext: CONTEXT }));
    for (const blob of [byArn.CiphertextBlob!, byAlias.CiphertextBlob!]) {
      for (const KeyId of [keyArn, undefined]) {
        const opened = await client.send(new DecryptCommand({ CiphertextBlob: blob, EncryptionContext: { triggerId: 'trg-1', orgId: 'org-1' }, ...(KeyId ? { KeyId } : {}) }));
        expect([Buffer.from(opened.Plaintext!).toString('utf8'), opened.KeyId]).toEqual([SECRET.toString('utf8'), keyArn]);
      }
    }
  });

  it('refuses another context, another key and a damaged blob: InvalidCiphertextException, IncorrectKeyException', async () => {
    const keyArn = kms.createKey();
    const other = kms.createKey();
    const { CiphertextBlob } = await client.send(new EncryptCommand({ KeyId: keyArn, Plaintext: SECRET, EncryptionContext: CONTEXT }));
    await expectError(client.send(new DecryptCommand({ KeyId: keyArn, CiphertextBlob, EncryptionContext: { ...CONTEXT, triggerId: 'trg-2' } })), 'InvalidCiphertextException');
    await expectError(client.send(new DecryptCommand({ KeyId: keyArn, CiphertextBlob })), 'InvalidCiphertextException');
    await expectError(client.send(new DecryptCommand({ KeyId: other, CiphertextBlob, EncryptionContext: CONTEXT })), 'IncorrectKeyException');
    const damaged = Buffer.from(CiphertextBlob!);
    damaged[damaged.length - 1]! ^= 1;
    await expectError(client.send(new DecryptCommand({ CiphertextBlob: damaged, EncryptionContext: CONTEXT })), 'InvalidCiphertextException');
  });

  it('refuses what the model refuses, a missing key and operations it does not emulate', async () => {
    const keyArn = kms.createKey();
    await expectError(client.send(new EncryptCommand({ KeyId: keyArn, Plaintext: Buffer.alloc(4097, 1) })), 'ValidationException');
    await expectError(client.send(new EncryptCommand({ KeyId: '', Plaintext: SECRET })), 'ValidationException');
    await expectError(client.send(new EncryptCommand({ KeyId: 'alias/none', Plaintext: SECRET })), 'NotFoundException');
    await expectError(client.send(new EncryptCommand({ KeyId: keyArn, Plaintext: SECRET, EncryptionAlgorithm: 'RSAES_OAEP_SHA_256' })), 'InvalidKeyUsageException');
    await expectError(client.send(new DescribeKeyCommand({ KeyId: keyArn })), 'UnsupportedOperationException');
  });

  it('asks authorize for the action on the key ARN, with the encryption context as condition keys, and answers AccessDeniedException when refused', async () => {
    const keyArn = kms.createKey();
    kms.createAlias('alias/guarded', keyArn);
    const denied = new KMSClient(clientConfig(kms.endpoint, 'AKIDDENIED'));
    await expectError(denied.send(new EncryptCommand({ KeyId: 'alias/guarded', Plaintext: SECRET, EncryptionContext: CONTEXT })), 'AccessDeniedException');
    denied.destroy();
    expect(kms.calls.at(-1)).toMatchObject({
      service: 'kms',
      action: 'kms:Encrypt',
      resources: [keyArn],
      allowed: false,
      context: { 'kms:EncryptionContextKeys': ['orgId', 'triggerId'], 'kms:EncryptionContext:orgId': ['org-1'], 'kms:EncryptionContext:triggerId': ['trg-1'], 'kms:EncryptionAlgorithm': ['SYMMETRIC_DEFAULT'] },
    });
  });
});
