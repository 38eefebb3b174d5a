import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where the unit project's files are (vitest.config.ts): beside the code, and the test folders of no I/O. */
export const UNIT_DIRS = ['test/lint', 'test/unit', 'shared/src', 'functions/src', 'frontend/src', 'infra/local', 'test/support/aws'];

export const filesIn = (dirs: readonly string[]) => dirs.map((dir) => `${dir}/**/*.test.ts`);

/**
 * What makes a test file share no module instance with the others: it changes the environment
 * (which a module reads as it loads, and which would stay changed for the next file) or replaces a
 * module or an AWS client. Read from each file's text, so a new such file is found by itself. A
 * file whose assertions depend on which modules the process has loaded says so with
 * `own-module-instance:` in a comment, and why.
 */
const NEEDS_ISOLATION = /process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|Object\.assign\(process\.env|delete process\.env|vi\.(mock|doMock|stubEnv|stubGlobal|resetModules)\(|mockClient\(|own-module-instance:/;

/**
 * The test files under `dirs` that run in a module instance of their own (the `-isolated` projects
 * of vitest.config.ts), relative to the root; the others share one per worker (`isolate: false`).
 */
export function isolatedFiles(root: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts') && NEEDS_ISOLATION.test(readFileSync(join(entry.parentPath, entry.name), 'utf8')))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  );
}
