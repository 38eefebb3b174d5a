import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { TestProject } from 'vitest/node';
import { buildFrontend, frontendIsStale } from '../../infra/local/frontend-build.ts';
import { e2eFileKey } from '../support/e2e-organizations.ts';
import { killTreeNow } from '../support/portal-process.ts';
import { seedDataDir } from '../support/seeded-portal.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded DATA_DIR every browser file's portal starts on a copy of (seedDataDir). */
    e2eSeededDataDir: string;
    /** Where each worker notes its portal (e2e-fixture.ts), for the teardown below. */
    e2eRunDir: string;
  }
}

/**
 * The browser tests run against what users get: the production build of the current frontend,
 * built once per run when it is stale or of another mode (buildFrontend sets NODE_ENV=production;
 * this process has NODE_ENV=test). The demo is seeded once here, into a DATA_DIR each worker's
 * portal starts on a copy of (seeded-portal.ts): the demo organisation, and one for each test file
 * this run selected (e2e-organizations.ts).
 */
export default async function setup(project: TestProject) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  if (frontendIsStale(root, join(root, 'frontend', 'dist'))) buildFrontend(root);
  // The files this run runs: the command line's filters (Vitest keeps them as filenamePattern, not
  // in its public API; all of the project's files without it).
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  const seeded = await seedDataDir(testFiles.map(e2eFileKey));
  project.provide('e2eSeededDataDir', seeded);
  const runDir = mkdtempSync(join(tmpdir(), 'portal-e2e-run-'));
  project.provide('e2eRunDir', runDir);
  return () => {
    // Each worker's portal lives as long as the worker, and no hook runs when a worker ends: the
    // portals the workers noted, with all they started, are killed here, their DATA_DIRs removed.
    for (const note of readdirSync(runDir)) {
      const { pid, dataDir } = JSON.parse(readFileSync(join(runDir, note), 'utf8')) as { pid: number; dataDir: string };
      killTreeNow(pid);
      rmSync(dataDir, { recursive: true, force: true });
    }
    rmSync(runDir, { recursive: true, force: true });
    rmSync(seeded, { recursive: true, force: true });
  };
}
