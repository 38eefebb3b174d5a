import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { TestProject } from 'vitest/node';
import { buildFrontend, frontendIsStale } from '../../infra/local/frontend-build.ts';
import { killTreeNow } from '../support/portal-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each worker notes its portal (e2e-fixture.ts), for the teardown below. */
    e2eRunDir: string;
  }
}

/**
 * The browser tests run against what users get: the production build of the current frontend,
 * built once per run when it is stale or of another mode (buildFrontend sets NODE_ENV=production;
 * this process has NODE_ENV=test). Nothing is seeded here: each worker's portal seeds the demo
 * organisation on its first start, and each file's organisation as the file begins (e2e-fixture.ts,
 * decision 0085), so the browsers start at once and the seeding is spread over the workers.
 */
export default function setup(project: TestProject) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  if (frontendIsStale(root, join(root, 'frontend', 'dist'))) buildFrontend(root);
  const runDir = mkdtempSync(join(tmpdir(), 'portal-e2e-run-'));
  project.provide('e2eRunDir', runDir);
  // The workers, and the Chromiums and portals they start, keep their temporary files in the run's
  // directory: a worker's browser is killed with it, which leaves Playwright's profile and artifact
  // directories behind (about 6 MB per worker and run) where nothing else removes them.
  const workersTmp = join(runDir, 'tmp');
  mkdirSync(workersTmp);
  process.env.TMPDIR = workersTmp;
  return () => {
    // Each worker's portal lives as long as the worker, and no hook runs when a worker ends: the
    // portals the workers noted, with all they started, are killed here, their DATA_DIRs removed.
    for (const note of readdirSync(runDir).filter((name) => name !== 'tmp')) {
      const { pid, dataDir } = JSON.parse(readFileSync(join(runDir, note), 'utf8')) as { pid: number; dataDir: string };
      killTreeNow(pid);
      rmSync(dataDir, { recursive: true, force: true });
    }
    // A worker's Chromium may still be writing its profile as it goes down: tried again for up to
    // 2 s, and a directory left over then is said, never a failed run.
    try {
      rmSync(runDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`Left ${runDir}: ${(error as Error).message}`);
    }
  };
}
