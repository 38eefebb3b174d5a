import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontend, frontendIsStale } from '../../infra/local/frontend-build.ts';

/** The browser tests run against the current frontend: build it once per run when it is stale. */
export default function setup() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  if (frontendIsStale(root, join(root, 'frontend', 'dist'))) buildFrontend(root);
}
