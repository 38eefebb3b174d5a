import type { ChildProcess } from 'node:child_process';
import { basename, join } from 'node:path';
import { DEMO_DEFAULTS, type DemoSeed } from '../../infra/local/seed.ts';

/**
 * Each browser test file has a demo organisation of its own on its worker's shared portal
 * (e2e-fixture.ts): the demo `npm start` seeds (infra/local/seed.ts), under an administrator and
 * staff e-mail domain named after the file, so no identity belongs to two files' organisations.
 * Names (organisation, groups, templates, staff) are the demo's, the same in every file.
 */

/** `access` for test/e2e/access.e2e.test.ts. */
export const e2eFileKey = (file: string): string => basename(file).replace(/\.e2e\.test\.ts$/, '');

/** The files whose organisation has the demo's four weeks of report history (seed-history.ts): the others need none. */
const WITH_HISTORY = new Set(['reports']);

/** The demo seed of a test file's organisation. */
export const e2eFileDemo = (key: string): Required<DemoSeed> => ({
  ...DEMO_DEFAULTS,
  email: `admin@${key}.e2e.local`,
  staffDomain: `${key}.e2e.local`,
  history: WITH_HISTORY.has(key),
});

/** The preload that seeds a file's organisation inside its worker's portal (e2e-seed-channel.ts). */
export const E2E_SEED_CHANNEL_NODE_ARGS = ['--import', join(import.meta.dirname, 'e2e-seed-channel.ts')] as const;

/**
 * Seeds a test file's demo organisation in a portal started with E2E_SEED_CHANNEL_NODE_ARGS: the
 * file's first hook asks for it, so a worker's portal starts at once and each file's organisation
 * is seeded as the file begins (decision 0085). Seeding a key twice adds nothing new (seedDemo).
 */
export const seedFileOrganization = (portal: ChannelPortal, key: string): Promise<void> => askPortal(portal, `seed ${key}`, key, `seeding ${key}'s organisation`);

/**
 * Moves the local scheduler's clock of a portal started with E2E_SEED_CHANNEL_NODE_ARGS to `at`,
 * or gives it back the real time (null): a schedule due by then fires at once (scheduler-clock.ts).
 */
export function moveSchedulerClock(portal: ChannelPortal, at: Date | null): Promise<void> {
  const name = `clock ${at ? at.toISOString() : 'real'}`;
  return askPortal(portal, name, name, `moving the scheduler's clock (${name})`);
}

type ChannelPortal = { readonly output: string; readonly child: ChildProcess };

/** Writes a request line to the portal's seed channel and waits for its answer (`[e2e-seed] <name> done`). */
async function askPortal(portal: ChannelPortal, line: string, name: string, what: string): Promise<void> {
  const from = portal.output.length;
  const answer = new RegExp(`\\[e2e-seed\\] ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (done|failed: .*)`);
  const { child } = portal;
  const result = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const found = answer.exec(portal.output.slice(from));
      if (!found) return;
      done();
      resolve(found[1]!);
    };
    const exited = (code: number | null) => {
      done();
      reject(new Error(`The portal ended (${code}) while ${what}`));
    };
    // A portal that has gone closed its stdin: the write fails, which is said, not thrown unhandled.
    const unwritable = (error: Error) => {
      done();
      reject(new Error(`The portal took no request for ${what}: ${error.message}`));
    };
    const done = () => {
      child.stdout!.off('data', check);
      child.off('exit', exited);
      child.stdin!.off('error', unwritable);
    };
    // After the portal's own listener, which appends the chunk to its output.
    child.stdout!.on('data', check);
    child.once('exit', exited);
    child.stdin!.once('error', unwritable);
    child.stdin!.write(`${line}\n`);
  });
  if (result !== 'done') throw new Error(`${what[0]!.toUpperCase()}${what.slice(1)} ${result}`);
}
