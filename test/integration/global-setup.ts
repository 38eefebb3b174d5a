import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalRuntime, type LocalRuntime } from '../../infra/local/runtime.ts';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    runtime: Omit<LocalRuntime, 'stop'> & { dataDir: string };
  }
}

/**
 * The stand-ins start ONCE per run: the local runtime on free ports with a temporary DATA_DIR.
 * Tests get its endpoints through `inject('runtime')` and call handlers in-process against them.
 */
export default async function setup(project: TestProject) {
  process.env.LOCAL_RUNTIME_QUIET = '1';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-it-'));
  const runtime = await startLocalRuntime({ port: 0, dataDir, frontendDist: join(dataDir, 'no-frontend'), demo: { ...DEMO_DEFAULTS, history: false } });
  const { stop, ...provided } = runtime;
  project.provide('runtime', { ...provided, dataDir });
  return async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
