import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the Vite build beside the SPA (frontend/vite.config.ts): the NODE_ENV it was built under. */
export const BUILD_INFO_FILE = '.build-info.json';

/** The SPA is always React's production build, whoever builds it (a test run has NODE_ENV=test). */
const BUILD_ENV = 'production';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function builtMode(dist: string): string | undefined {
  try {
    const info = JSON.parse(readFileSync(join(dist, BUILD_INFO_FILE), 'utf8')) as { nodeEnv?: unknown };
    return typeof info.nodeEnv === 'string' ? info.nodeEnv : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The SPA needs (re)building when it was never built, was built in another mode than production
 * (or before the mode was recorded), or a frontend or shared source is newer.
 */
export function frontendIsStale(root: string, dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index) || builtMode(dist) !== BUILD_ENV) return true;
  const built = statSync(index).mtimeMs;
  return ['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts', 'frontend/build', 'shared/src'].some((p) => {
    const path = join(root, p);
    return existsSync(path) && (statSync(path).isDirectory() ? newestMtime(path) : statSync(path).mtimeMs) > built;
  });
}

/** Vite production build of the frontend workspace; exits the process with Vite's status on failure. */
export function buildFrontend(root: string): void {
  const build = spawnSync('npm', ['run', 'build', '-w', 'frontend'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: BUILD_ENV } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
