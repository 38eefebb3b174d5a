import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_INFO_FILE, frontendIsStale } from './frontend-build.ts';

describe('frontendIsStale', () => {
  let root: string;
  let dist: string;
  const past = new Date(Date.now() - 60_000);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'frontend-build-'));
    dist = join(root, 'frontend', 'dist');
    mkdirSync(join(root, 'frontend', 'src'), { recursive: true });
    writeFileSync(join(root, 'frontend', 'src', 'main.tsx'), '');
    utimesSync(join(root, 'frontend', 'src', 'main.tsx'), past, past);
    utimesSync(join(root, 'frontend', 'src'), past, past);
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const built = (nodeEnv: string) => writeFileSync(join(dist, BUILD_INFO_FILE), JSON.stringify({ nodeEnv }));

  it('reuses a production build newer than its sources', () => {
    built('production');
    expect(frontendIsStale(root, dist)).toBe(false);
  });

  it('rebuilds a build of another mode (a test run’s NODE_ENV=test gives React’s development build)', () => {
    built('test');
    expect(frontendIsStale(root, dist)).toBe(true);
    built('development');
    expect(frontendIsStale(root, dist)).toBe(true);
  });

  it('rebuilds a build that recorded no mode', () => {
    expect(frontendIsStale(root, dist)).toBe(true);
  });

  it('rebuilds when a source is newer than the build', () => {
    built('production');
    writeFileSync(join(root, 'frontend', 'src', 'main.tsx'), 'changed');
    utimesSync(join(dist, 'index.html'), past, past);
    expect(frontendIsStale(root, dist)).toBe(true);
  });

  it('builds when nothing was built', () => {
    rmSync(dist, { recursive: true });
    expect(frontendIsStale(root, dist)).toBe(true);
  });
});
