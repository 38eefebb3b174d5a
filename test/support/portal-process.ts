import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface PortalProcess {
  url: string;
  output: string;
  child: ChildProcess;
  /**
   * Sends SIGINT (Ctrl-C) and waits for exit; returns the pid DynamoDB Local had. A portal still
   * running STOP_LIMIT_MS later is killed with all it started, and the stop fails with its output.
   */
  stop: () => Promise<number | undefined>;
  /**
   * SIGKILL to the portal and every process it started (DynamoDB Local's JVM, cognito-local), as a
   * supervisor kills a service's control group: nothing runs its shutdown. Waits until all are gone.
   */
  kill: () => Promise<void>;
  /** The pid of the DynamoDB Local JVM this portal started, while it runs. */
  dynamoDbLocalPid: () => number | undefined;
}

/**
 * `npm start` as a person runs it (tsx infra/local/main.ts), waiting for its ready line. `nodeArgs`
 * go after tsx's import, before the entry (the soak's `--expose-gc` and heap probe, decision 0067).
 */
/**
 * How long a start may take before it is given up on. A restart under the soak's 500 reconnecting
 * watches took up to 116 s on this loaded machine (docs/reliability.md, run 19), most of it the
 * device configurations' check against the broker's retained messages.
 */
const START_LIMIT_MS = 180_000;
/**
 * How long Ctrl-C may take. A stop lets the work under way finish (the scheduler's handlers up to
 * 5 s, the device configurations being republished); one that hung held CI's soak until its
 * 15-minute time-out with nothing said (stop 38), so a hung stop is now a failure that says so.
 */
const STOP_LIMIT_MS = 30_000;

export async function startPortal(env: Record<string, string>, nodeArgs: readonly string[] = []): Promise<PortalProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, join(root, 'infra/local/main.ts')], {
    cwd: root,
    // Phase timings in the output: a start that does not finish says which phase it was in.
    // No four weeks of report history for the demo organisation a test portal seeds: a test that
    // wants them seeds its own (seed-history.ts), and the others are spared the writes.
    env: { ...process.env, LOCAL_RUNTIME_TIMINGS: '1', DEMO_HISTORY: '0', ...env },
    // stdin a pipe the runtime never reads; a preload may (the browser tests' seed channel, decision 0085).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  // PORTAL_LOG_FILE: every start's output, restarts included, appended to one file (a long soak's
  // portal output is otherwise lost with the process that a fault kills).
  if (process.env.PORTAL_LOG_FILE) {
    const file = createWriteStream(process.env.PORTAL_LOG_FILE, { flags: 'a' });
    file.write(`--- portal start ${new Date().toISOString()}\n`);
    child.stdout.pipe(file, { end: false });
    child.stderr.pipe(file, { end: false });
  }
  let gaveUp = false;
  const url = await new Promise<string>((resolveUrl, reject) => {
    // Generous: two browser workers and the integration project share two cores in CI. A start
    // given up on is killed with all it started before the error: left running, it would keep
    // DATA_DIR's stores locked and its ports bound, so the next start on them fails (the soak's
    // 10-minute run, docs/reliability.md, Open, 8).
    const timer = setTimeout(() => {
      gaveUp = true;
      const tree = childPids(child.pid!);
      const exited = child.exitCode === null && child.signalCode === null ? once(child, 'exit') : Promise.resolve();
      child.kill('SIGKILL');
      for (const pid of tree) killQuietly(pid);
      void (async () => {
        await exited;
        while (tree.some(isRunning)) await new Promise((done) => setTimeout(done, 50));
        reject(new Error(`Portal did not start in ${START_LIMIT_MS / 1000} s (killed):\n${output}`));
      })();
    }, START_LIMIT_MS);
    child.stdout.on('data', () => {
      const match = /Portal ready in [\d.]+ s: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
    child.once('exit', (code) => {
      if (gaveUp) return;
      clearTimeout(timer);
      reject(new Error(`Portal exited with ${code}:\n${output}`));
    });
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  async function kill(): Promise<void> {
    const tree = childPids(child.pid!);
    const exited = hasExited() ? Promise.resolve() : once(child, 'exit');
    child.kill('SIGKILL');
    for (const pid of tree) killQuietly(pid);
    await exited;
    while (tree.some(isRunning)) await new Promise((done) => setTimeout(done, 50));
  }
  return {
    url,
    get output() {
      return output;
    },
    child,
    stop: async () => {
      const javaPid = childPids(child.pid!).find((pid) => commandOf(pid).includes('DynamoDBLocal'));
      if (hasExited()) return javaPid;
      const exited = once(child, 'exit');
      child.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([exited.then(() => true), new Promise<false>((done) => (timer = setTimeout(() => done(false), STOP_LIMIT_MS)))]);
      clearTimeout(timer);
      if (stopped) return javaPid;
      await kill();
      throw new Error(`Portal did not stop in ${STOP_LIMIT_MS / 1000} s of SIGINT (killed); its last output:\n${output.slice(-4_000)}`);
    },
    kill,
    dynamoDbLocalPid: () => childPids(child.pid!).find((pid) => commandOf(pid).includes('DynamoDBLocal')),
  };
}

/** SIGKILL to a process and every process it started, waiting for nothing (the e2e run's teardown, test/e2e/global-setup.ts). */
export function killTreeNow(pid: number): void {
  const tree = childPids(pid);
  killQuietly(pid);
  for (const descendant of tree) killQuietly(descendant);
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

function childPids(pid: number): number[] {
  try {
    const direct = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
    return direct.flatMap((child) => [child, ...childPids(child)]);
  } catch {
    return [];
  }
}

function commandOf(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

export function isRunning(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
