import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildFrontend, frontendIsStale } from '../../infra/local/frontend-build.ts';
import { seedDataDir } from '../support/seeded-portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded DATA_DIR every browser file's portal starts on a copy of (seedDataDir). */
    e2eSeededDataDir: string;
  }
}

/**
 * The browser tests run against what users get: the production build of the current frontend,
 * built once per run when it is stale or of another mode (buildFrontend sets NODE_ENV=production;
 * this process has NODE_ENV=test). The demo is seeded once here, into a DATA_DIR each file's portal
 * starts on a copy of (seeded-portal.ts).
 */
export default async function setup(project: TestProject) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  if (frontendIsStale(root, join(root, 'frontend', 'dist'))) buildFrontend(root);
  const seeded = await seedDataDir();
  project.provide('e2eSeededDataDir', seeded);
  return () => rmSync(seeded, { recursive: true, force: true });
}
