import type { S3Client } from '@aws-sdk/client-s3';
import { env } from '../config.ts';
import type { ObjectStorage, StoredObject } from './object-storage.port.ts';
import { storageEnv, type StorageAdapter } from './object-storage.ts';

let s3Sdk: Promise<typeof import('@aws-sdk/client-s3')> | undefined;
/**
 * The S3 SDK, evaluated on the first logo call: the settings function's other routes never reach
 * S3, and evaluating its SDK at load cost each cold start ~100 ms of CPU (docs/performance.md, "Cold start").
 */
const loadS3 = () => (s3Sdk ??= import('@aws-sdk/client-s3'));

/**
 * The object storage port on S3: one private bucket (infra/aws/assets.construct.ts), encrypted at
 * rest by the bucket's default. Default client: one in the function's region, created on first use.
 */
export function createS3Storage(bucket: string, client?: S3Client): ObjectStorage {
  const s3 = async () => {
    const sdk = await loadS3();
    return { sdk, client: (client ??= new sdk.S3Client({ region: env.region })) };
  };
  return {
    async put(key: string, object: StoredObject) {
      const { client, sdk: { PutObjectCommand } } = await s3();
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: object.bytes, ContentType: object.contentType }));
    },
    async get(key: string) {
      const { client, sdk: { GetObjectCommand, NoSuchKey } } = await s3();
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!answer.Body) return undefined;
        return { bytes: await answer.Body.transformToByteArray(), contentType: answer.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async remove(key: string) {
      const { client, sdk: { DeleteObjectCommand } } = await s3();
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** What the settings entry registers (functions/src/settings/handler.ts). */
export const s3Storage: StorageAdapter = {
  kind: 's3',
  create: () => createS3Storage(storageEnv.bucket ?? ''),
};
