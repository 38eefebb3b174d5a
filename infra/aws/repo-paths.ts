import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Repository root, resolved from this file so synth works from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Root lock file: esbuild bundling needs it to find the workspace root and its node_modules. */
export const LOCK_FILE = path.join(REPO_ROOT, 'package-lock.json');

/** Where Vite writes the built SPA (`npm run build -w frontend`). */
export const FRONTEND_DIST = path.join(REPO_ROOT, 'frontend', 'dist');

/** Entry of a Lambda, relative to the repository root, e.g. 'functions/src/organizations/handler.ts'. */
export function functionEntry(relativePath: string): string {
  return path.join(REPO_ROOT, relativePath);
}
