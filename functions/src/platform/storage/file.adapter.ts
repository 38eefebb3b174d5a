import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { ObjectStorage, StoredObject } from './object-storage.port.ts';

/**
 * The object storage port on this machine (local runtime only): each object a file under `root`,
 * with its content type in a `.type` file beside it. Written to a temporary name and renamed, so a
 * reader never sees half a file.
 */
export function createFileStorage(root: string): ObjectStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    if (!path.startsWith(base + sep)) throw new Error(`Object key outside the storage directory: ${key}`);
    return path;
  };
  return {
    async put(key: string, object: StoredObject) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(`${path}.type.tmp`, object.contentType);
      await writeFile(`${path}.tmp`, object.bytes);
      await rename(`${path}.type.tmp`, `${path}.type`);
      await rename(`${path}.tmp`, path);
    },
    async get(key: string) {
      const path = pathOf(key);
      try {
        const [bytes, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')]);
        return { bytes: new Uint8Array(bytes), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(key: string) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.type`, { force: true })]);
    },
  };
}
