import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.ts';
import { projectsOf, SUITE } from '../suite/suite-lanes.ts';

/** `npm test` runs test/suite/run-suite.ts, not `vitest run`: its plan must not leave a project out. */
describe("npm test's lanes", () => {
  const configured = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);

  it('run every vitest project of vitest.config.ts, each once', () => {
    expect(configured.length).toBeGreaterThan(0);
    expect(projectsOf(SUITE).sort()).toEqual([...configured].sort());
  });

  it('run the lint and the type-check', () => {
    const commands = SUITE.flatMap((lane) => lane.steps.map((step) => step.command.join(' ')));
    expect(commands).toEqual(expect.arrayContaining(['npm run --silent lint', 'npm run --silent typecheck']));
  });

  it('run the soak after the browser files, in their lane: it never shares the cores with browsers (its audit judges timing and memory)', () => {
    const lanes = SUITE.filter((lane) => projectsOf([lane]).includes('soak'));
    expect(lanes).toHaveLength(1);
    expect(projectsOf(lanes).slice(-2)).toEqual(['e2e', 'soak']);
  });
});
