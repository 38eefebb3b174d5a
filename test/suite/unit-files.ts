import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Where the unit project's files are (vitest.config.ts): beside the code, and the test folders of no I/O. */
const UNIT_DIRS = ['test/lint', 'test/unit', 'shared/src', 'functions/src', 'frontend/src', 'infra/local', 'test/support/aws'];

export const UNIT_FILES = UNIT_DIRS.map((dir) => `${dir}/**/*.test.ts`);

/**
 * What makes a unit file share no module instance with the others: it sets the environment
 * (which a module reads as it loads, and which would stay set for the next file) or replaces a
 * module or an AWS client. Read from each file's text, so a new such file is found by itself. A
 * file whose assertions depend on which modules the process has loaded says so with
 * `unit-isolated:` in a comment, and why.
 */
const NEEDS_ISOLATION = /process\.env|vi\.(mock|doMock|stubEnv|stubGlobal|resetModules)\(|mockClient\(|unit-isolated:/;

/** The unit files that run in a module instance of their own (the unit-isolated project), relative to the root. */
export function isolatedUnitFiles(root: string): string[] {
  return UNIT_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts') && NEEDS_ISOLATION.test(readFileSync(join(entry.parentPath, entry.name), 'utf8')))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  );
}
