/**
 * What `npm test` runs, and what runs beside what (test/suite/run-suite.ts; decision 0082).
 *
 * The browser files keep both cores busy (two Chromiums, two portals). The rest mostly waits:
 * integration on one worker for real step time-outs and schedules, aws-emulated for its emulated
 * scheduler's minute. Measured one after the other, CPU was 70 to 90 % busy during the browser
 * files and 5 to 47 % for the 8 minutes after them (vmstat over a clean-clone `.ci/run`, 2 cores,
 * docs/performance.md). So the checks with unit, infra and aws-emulated, and integration, each run
 * in a lane beside the browsers; the soak runs after the browser files in their lane, so it never
 * shares the cores with browsers (decision 0067), only with the other lanes' last waits.
 */
export interface Step {
  /** The command, run from the repository root. */
  readonly command: readonly string[];
}

/** Steps run one after the other; a failed step does not stop the ones after it (all is reported). */
export interface Lane {
  readonly name: string;
  readonly steps: readonly Step[];
  /**
   * The lane's CPU priority (`nice`, 0 when unset): a lane that mostly waits yields the cores to
   * the lane the run's end waits for, and takes what that one leaves.
   */
  readonly nice?: number;
}

// The workspace's own binary, not `npx`, whose `npm exec` passes no stop signal on.
const vitest = (...projects: string[]): Step => ({ command: ['node_modules/.bin/vitest', 'run', ...projects.flatMap((project) => ['--project', project])] });
const npmRun = (script: string): Step => ({ command: ['npm', 'run', '--silent', script] });

/**
 * A share of the cores of about a third of the browsers' when both want them (CFS weights 335 and
 * 1024), among processes of one session: under autogroup scheduling each step's session shares the
 * cores equally with the others (decision 0082; giving the sessions this nice too made the run slower).
 */
const LOWER = 5;

/** The lanes, all side by side. */
export const SUITE: readonly Lane[] = [
  // The run's end waits for this lane: the browser files, then the soak's 140 s, which must
  // follow them. The other lanes run at a lower priority, so the browsers go first.
  { name: 'browsers', steps: [vitest('e2e'), vitest('soak')] },
  // In one vitest run: unit, unit-isolated and infra (group 0), then aws-emulated (group 2).
  { name: 'checks', nice: LOWER, steps: [npmRun('lint'), npmRun('typecheck'), vitest('unit', 'unit-isolated', 'infra', 'aws-emulated')] },
  // Two runs, each with its runtime: one vitest run's projects each start their own, in one process
  // whose environment both would set.
  { name: 'integration', nice: LOWER, steps: [vitest('integration'), vitest('integration-isolated')] },
];

/** The vitest projects lanes run, in their order (a unit test holds SUITE's to vitest.config.ts's). */
export function projectsOf(lanes: readonly Lane[]): string[] {
  return lanes.flatMap((lane) => lane.steps.flatMap((step) => step.command.flatMap((part, i) => (step.command[i - 1] === '--project' ? [part] : []))));
}
