import { resolve } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { filesIn, isolatedFiles, UNIT_DIRS } from './test/suite/isolated-files.ts';
import { localeParts } from './frontend/build/locale-parts.ts';

/**
 * One runner, six projects: `unit` (beside the code, no I/O), `infra` (CDK assertions),
 * `integration` (handlers against DynamoDB Local and cognito-local, started once per run), `e2e`
 * (the local runtime in Chromium), `aws-emulated` (the synthesised template's bundles against
 * AWS emulators, test/support/aws-emulated) and `soak` (60 s of load under faults, test/soak);
 * unit and integration each with an `-isolated` part, the files that need a module instance of
 * their own (decision 0089). `npm test` runs them all, in the lanes of test/suite/suite-lanes.ts
 * (decision 0082): separate vitest runs side by side. The groups below order them in one
 * `npx vitest run`, but a run starts every project's global setup at its beginning, in one
 * process: integration and integration-isolated, whose runtimes both set its environment, each
 * need a run of their own.
 */
const UNIT_ISOLATED = isolatedFiles(import.meta.dirname, UNIT_DIRS);
const INTEGRATION_ISOLATED = isolatedFiles(import.meta.dirname, ['test/integration']);

/** The integration projects' runtime, started once per vitest run (each project in a run of its own, suite-lanes.ts). */
const integration = {
  globalSetup: ['test/integration/global-setup.ts'],
  setupFiles: ['test/integration/setup-env.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  fileParallelism: false,
};

export default defineConfig({
  // A feature's part of a shared namespace's strings, merged as the app's build does (frontend/build/locale-parts.ts).
  plugins: [localeParts(resolve(import.meta.dirname, 'frontend/src'))],
  test: {
    // Handlers log JSON lines (functions/src/platform/logger.ts, which reads Powertools' variables); the tests assert on responses, not on log lines.
    env: { POWERTOOLS_LOG_LEVEL: 'SILENT', LOCAL_RUNTIME_QUIET: '1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: filesIn(UNIT_DIRS),
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          environment: 'node',
          // One module instance for all its files: loading the modules once per file was three
          // quarters of the project's CPU (82 core-seconds against 30 with unit-isolated,
          // docs/performance.md). A file that changes the environment or replaces a module or a
          // client runs in unit-isolated (test/suite/isolated-files.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: UNIT_ISOLATED, environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          // One module instance for all its files: aws-cdk-lib and cdk-nag load once, not once per
          // file (22 s instead of 65 s alone, decision 0082). Each file synthesises its own app.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: filesIn(['test/integration']),
          exclude: [...configDefaults.exclude, ...INTEGRATION_ISOLATED],
          ...integration,
          // One module instance for all its files, as unit: the worker's CPU was about half
          // (docs/performance.md). Each file begins with the local adapters and a new in-process
          // queue (setup-env.ts); those that change the environment run in integration-isolated.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'integration-isolated', include: INTEGRATION_ISOLATED, ...integration },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One runtime and one Chromium per worker, shared by the files it runs (test/support/e2e-fixture.ts):
          // `isolate: false` keeps the fixture's module, and so both, across a worker's files; each
          // file has its own organisation, seeded once per run (global-setup.ts), so files share no
          // data. Two workers: two runtimes and two browsers are what two cores carry. Its own
          // group, after unit and infra, as its worker count differs from theirs.
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'aws-emulated',
          include: ['test/aws-emulated/**/*.test.ts'],
          // One harness per run (synthesised once), every file against it, one file at a time; its
          // own group after e2e in one vitest run (in `npm test`, beside the browsers: its
          // functions' time-outs are doubled for that, global-setup.ts).
          globalSetup: ['test/aws-emulated/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'soak',
          // The soak's 60 s run under four faults (test/soak, docs/reliability.md): `npm start` with
          // its own DynamoDB Local and a watch fleet, in its own group after the others (in
          // `npm test`, after e2e in the browsers' lane, so never beside browsers).
          include: ['test/soak/**/*.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
