import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, type GetObjectCommandOutput, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createS3Storage } from './s3.adapter.ts';

const s3 = mockClient(S3Client);
afterEach(() => s3.reset());

const storage = () => createS3Storage('portal-assets-bucket', new S3Client({ region: 'eu-central-1' }));
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('S3 object storage adapter', () => {
  it('puts the bytes with their content type under the key, in the configured bucket', async () => {
    s3.on(PutObjectCommand).resolves({});
    await storage().put('orgs/o1/logo', { bytes: PNG, contentType: 'image/png' });
    const calls = s3.commandCalls(PutObjectCommand);
    expect(calls.map((call) => call.args[0].input)).toEqual([{ Bucket: 'portal-assets-bucket', Key: 'orgs/o1/logo', Body: PNG, ContentType: 'image/png' }]);
  });

  it('gets the bytes and content type back', async () => {
    // The SDK's stream body, reduced to the one method the adapter reads.
    const Body = { transformToByteArray: async () => PNG } as unknown as GetObjectCommandOutput['Body'];
    s3.on(GetObjectCommand).resolves({ Body, ContentType: 'image/png' });
    const found = await storage().get('orgs/o1/logo');
    expect(s3.commandCalls(GetObjectCommand).map((call) => call.args[0].input)).toEqual([{ Bucket: 'portal-assets-bucket', Key: 'orgs/o1/logo' }]);
    expect(found?.contentType).toBe('image/png');
    expect(Buffer.from(found!.bytes).equals(Buffer.from(PNG))).toBe(true);
  });

  it('answers undefined for a key that holds nothing, and passes other errors on', async () => {
    s3.on(GetObjectCommand, { Key: 'orgs/o1/logo' }).rejects(new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} }));
    expect(await storage().get('orgs/o1/logo')).toBeUndefined();
    s3.on(GetObjectCommand, { Key: 'orgs/o2/logo' }).rejects(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' }));
    await expect(storage().get('orgs/o2/logo')).rejects.toThrow('Access Denied');
  });

  it('deletes the key', async () => {
    s3.on(DeleteObjectCommand).resolves({});
    await storage().remove('orgs/o1/logo');
    expect(s3.commandCalls(DeleteObjectCommand).map((call) => call.args[0].input)).toEqual([{ Bucket: 'portal-assets-bucket', Key: 'orgs/o1/logo' }]);
  });
});
