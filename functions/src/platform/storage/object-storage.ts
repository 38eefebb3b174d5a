import { adapterRegistry, type PortAdapter } from '../adapter-registry.ts';
import type { ObjectStorage } from './object-storage.port.ts';

export type { ObjectStorage, StoredObject } from './object-storage.port.ts';

/**
 * Chosen by configuration only: ASSETS_BUCKET (set by CDK) selects S3, ASSETS_DIR (set by the local
 * runtime: a directory under its data directory) the local files.
 */
export const storageEnv = {
  get bucket(): string | undefined {
    return process.env.ASSETS_BUCKET || undefined;
  },
  get directory(): string | undefined {
    return process.env.ASSETS_DIR || undefined;
  },
};

/** 's3': the assets bucket (ASSETS_BUCKET). 'file': a directory on this machine (ASSETS_DIR). */
export type StorageKind = 's3' | 'file';

/**
 * An adapter as its composition root registers it: the settings Lambda entry registers S3
 * (`s3.adapter.ts`), the local runtime the file one (infra/local/functions.ts).
 */
export type StorageAdapter = PortAdapter<StorageKind, ObjectStorage>;

const adapters = adapterRegistry<StorageKind, ObjectStorage>(
  (kind) => `Object storage is configured for '${kind}', but no '${kind}' adapter is registered: the settings entry registers s3, the local runtime file (infra/local/functions.ts)`,
);

/** Makes an adapter available; configuration decides which one is used. */
export const registerStorageAdapter = (adapter: StorageAdapter): void => adapters.register(adapter);

/** The storage port as configured, among the adapters registered. */
export function objectStorage(): ObjectStorage {
  const kind: StorageKind | undefined = storageEnv.bucket ? 's3' : storageEnv.directory ? 'file' : undefined;
  if (!kind) throw new Error('Object storage is not configured: set ASSETS_BUCKET (S3) or ASSETS_DIR (local files)');
  return adapters.use(kind);
}
