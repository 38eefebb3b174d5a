import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Emulator, type S3Emulator } from './s3-proxy.server.ts';
import { clientConfig } from './sdk-client.ts';

let s3: S3Emulator;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3Emulator({
    buckets: ['assets'],
    authorize: (call) => {
      if (call.accessKeyId === 'AKIDDENIED') return { allowed: false, reason: 'denied' };
      if (call.accessKeyId === 'AKIDNOLIST' && call.action === 's3:ListBucket') return { allowed: false, reason: 'no s3:ListBucket' };
      return { allowed: true };
    },
  });
  // As the bundles build it: no forcePathStyle; an IP endpoint makes the SDK use path-style.
  client = new S3Client(clientConfig(s3.endpoint));
});
afterAll(async () => {
  client.destroy();
  await s3.close();
});

describe('S3 emulator (s3rver behind an authorizing proxy)', () => {
  it('stores and returns an object, asking s3:PutObject and s3:GetObject on its ARN', async () => {
    await client.send(new PutObjectCommand({ Bucket: 'assets', Key: 'org/1/logo.png', Body: new Uint8Array([1, 2, 3]), ContentType: 'image/png' }));
    const got = await client.send(new GetObjectCommand({ Bucket: 'assets', Key: 'org/1/logo.png' }));
    expect(got.ContentType).toBe('image/png');
    expect([...(await got.Body!.transformToByteArray())]).toEqual([1, 2, 3]);
    expect(s3.calls.slice(-2).map((c) => [c.action, c.resources[0]])).toEqual([
      ['s3:PutObject', 'arn:aws:s3:::assets/org/1/logo.png'],
      ['s3:GetObject', 'arn:aws:s3:::assets/org/1/logo.png'],
    ]);
  });

  it('takes a streamed upload (aws-chunked with a trailing checksum)', async () => {
    await client.send(new PutObjectCommand({ Bucket: 'assets', Key: 'streamed.txt', Body: Readable.from([Buffer.from('hello '), Buffer.from('stream')]), ContentLength: 12 }));
    const got = await client.send(new GetObjectCommand({ Bucket: 'assets', Key: 'streamed.txt' }));
    expect(await got.Body!.transformToString()).toBe('hello stream');
  });

  it('answers NoSuchKey with s3:ListBucket and AccessDenied without it, as AWS does', async () => {
    await expect(client.send(new GetObjectCommand({ Bucket: 'assets', Key: 'missing' }))).rejects.toMatchObject({ name: 'NoSuchKey' });
    const noList = new S3Client(clientConfig(s3.endpoint, 'AKIDNOLIST'));
    await expect(noList.send(new GetObjectCommand({ Bucket: 'assets', Key: 'missing' }))).rejects.toMatchObject({ name: 'AccessDenied' });
    await expect(noList.send(new HeadObjectCommand({ Bucket: 'assets', Key: 'missing' }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    noList.destroy();
  });

  it('refuses a caller authorize denies with AccessDenied', async () => {
    const denied = new S3Client(clientConfig(s3.endpoint, 'AKIDDENIED'));
    await expect(denied.send(new DeleteObjectCommand({ Bucket: 'assets', Key: 'org/1/logo.png' }))).rejects.toMatchObject({ name: 'AccessDenied' });
    denied.destroy();
    expect(s3.calls.at(-1)).toMatchObject({ action: 's3:DeleteObject', resources: ['arn:aws:s3:::assets/org/1/logo.png'], allowed: false });
  });
});
