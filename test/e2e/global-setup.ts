import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFrontend, frontendIsStale } from '../../infra/local/frontend-build.ts';

/**
 * The browser tests run against what users get: the production build of the current frontend,
 * built once per run when it is stale or of another mode (buildFrontend sets NODE_ENV=production;
 * this process has NODE_ENV=test).
 */
export default function setup() {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  if (frontendIsStale(root, join(root, 'frontend', 'dist'))) buildFrontend(root);
}
