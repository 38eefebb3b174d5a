import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env } from '../config.ts';
import type { ObjectStorage, StoredObject } from './object-storage.port.ts';
import { storageEnv, type StorageAdapter } from './object-storage.ts';

/** The object storage port on S3: one private bucket (infra/aws/assets.construct.ts), encrypted at rest by the bucket's default. */
export function createS3Storage(bucket: string, client: S3Client = new S3Client({ region: env.region })): ObjectStorage {
  return {
    async put(key: string, object: StoredObject) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: object.bytes, ContentType: object.contentType }));
    },
    async get(key: string) {
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
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** What the settings entry registers (functions/src/settings/handler.ts). */
export const s3Storage: StorageAdapter = {
  kind: 's3',
  create: () => createS3Storage(storageEnv.bucket ?? ''),
};
