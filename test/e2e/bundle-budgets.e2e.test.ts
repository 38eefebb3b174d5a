import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTRY_ROUTES, measureRoutes, overBudget, readManifest } from '../../infra/local/bundle-size.ts';
import { orgPaths } from '../../frontend/src/lib/paths.ts';

/**
 * First-load budgets (issue 12) on the production build this project's global setup makes: bytes
 * gzip, asserted so a module that breaks one fails with the figure. `npm run size` prints the table.
 */
const dist = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), 'frontend', 'dist');

describe('first-load budgets', () => {
  it('list every feature route of the app’s path table', () => {
    const featureRoutes = Object.values(orgPaths).filter((path) => /^\/[^/]+$/.test(path));
    expect(ENTRY_ROUTES.map((load) => load.route)).toEqual(expect.arrayContaining(featureRoutes.map((path) => `/:orgId${path}`)));
  });

  it('hold on every entry route (JS and CSS gzip before first render)', () => {
    expect(overBudget(measureRoutes(dist))).toEqual([]);
  });

  it('keep the reports’ charts out of every first load: visx loads after the tables (decision 0087)', () => {
    const chart = readManifest(dist)['src/features/reports/components/day-chart.tsx'];
    expect(chart?.isDynamicEntry).toBe(true);
    expect(measureRoutes(dist).filter((size) => size.files.includes(chart!.file)).map((size) => size.route)).toEqual([]);
  });
});
