import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';
import { SAVES_PRELOAD } from '../../infra/local/cognito-local.ts';

/**
 * cognito-local's pool files (decision 0083): its StormDB engine saved in place, so saves in flight
 * interleaved and the file was no JSON at the next start (the soak's restart found it; without
 * the preload the fixture's file is not whole). With the preload the runtime gives cognito-local.
 */
describe("cognito-local's pool files", () => {
  it('stay whole JSON through 200 saves in flight, holding the last one asked, with no temporary file left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-stormdb-'));
    try {
      const printed = execFileSync(process.execPath, ['--import', SAVES_PRELOAD, join(REPO_ROOT, 'test/support/stormdb-saves.mjs'), dir], { encoding: 'utf8' });
      expect(JSON.parse(printed)).toEqual({ whole: true, held: 199, files: ['pool.json'] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
