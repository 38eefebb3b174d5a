/**
 * `npm start` benchmark (issue 12): runs `npm start` as the README says (PORT=0), ROUNDS times each
 * way, alternating, after one unmeasured start that builds the frontend if it is stale:
 * - warm: again on the same DATA_DIR, as on a checkout that has started before (the table and the
 *   demo organisation are there; the demo password is applied again);
 * - first: on a new DATA_DIR, so the start also creates the table, the user pool and the demo organisation.
 * Prints the median time from the spawn to "Portal ready", and the resident memory at idle (the sum
 * of the RSS of the whole process tree: npm, Node, DynamoDB Local's JVM, cognito-local) IDLE_MS after
 * ready, with their spread; and, when the JDK's jcmd is there, the live data on DynamoDB Local's Java
 * heap after a full collection (what the -Xmx cap must hold). Figures only; never fails on time.
 * `npm run bench:start` (about two minutes).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { aim, machine, median, spread, table } from './machine.ts';

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The RSS of `pid` and all its descendants, in bytes (Linux `ps`). */
function treeRss(pid: number): { bytes: number; byCommand: Map<string, number>; javaPid: number | undefined } {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .map(([p, pp, rss, ...comm]) => ({ pid: Number(p), ppid: Number(pp), rss: Number(rss) * 1024, comm: comm.join(' ') }));
  const tree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (tree.has(row.pid) || !tree.has(row.ppid)) continue;
      tree.add(row.pid);
      grew = true;
    }
  }
  const byCommand = new Map<string, number>();
  let bytes = 0;
  for (const row of rows.filter((r) => tree.has(r.pid))) {
    bytes += row.rss;
    byCommand.set(row.comm, (byCommand.get(row.comm) ?? 0) + row.rss);
  }
  return { bytes, byCommand, javaPid: rows.find((r) => tree.has(r.pid) && r.comm === 'java')?.pid };
}

/** Live data on the JVM's heap after a full collection, in bytes (jcmd of the JDK), or undefined. */
function liveHeap(javaPid: number | undefined): number | undefined {
  if (!javaPid) return undefined;
  try {
    execFileSync('jcmd', [String(javaPid), 'GC.run'], { stdio: 'ignore' });
    const info = execFileSync('jcmd', [String(javaPid), 'GC.heap_info'], { encoding: 'utf8' });
    // Serial collector: "def new generation total …K, used …K" and "tenured generation total …K, used …K".
    const used = [...info.matchAll(/generation\s+total \d+K, used (\d+)K/g)].reduce((sum, m) => sum + Number(m[1]) * 1024, 0);
    return used || undefined;
  } catch {
    return undefined;
  }
}

interface Start {
  readyMs: number;
  rss: ReturnType<typeof treeRss>;
  heapLive: number | undefined;
}

async function start(dataDir: string): Promise<Start> {
  const begun = performance.now();
  // Its own process group, so the whole tree is stopped at the end.
  const child = spawn('npm', ['start'], { cwd: root, env: { ...process.env, PORT: '0', DATA_DIR: dataDir }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    const readyMs = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready after 120 s:\n${output}`)), 120_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (!/Portal ready in/.test(output)) return;
        clearTimeout(timer);
        resolve(performance.now() - begun);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited with ${code}:\n${output}`));
      });
    });
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const rss = treeRss(child.pid!);
    return { readyMs, rss, heapLive: liveHeap(rss.javaPid) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
  }
}

const newDataDir = () => mkdtempSync(join(tmpdir(), 'portal-bench-start-'));
const warmDir = newDataDir();
const dirs = [warmDir];
try {
  const first = await start(warmDir);
  console.log(`first start (builds the frontend if stale): ready in ${(first.readyMs / 1000).toFixed(1)} s`);
  const runs = { warm: [] as Start[], first: [] as Start[] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.warm.push(await start(warmDir));
    const dir = newDataDir();
    dirs.push(dir);
    runs.first.push(await start(dir));
  }

  const mib = (bytes: number) => bytes / 2 ** 20;
  const figures = (name: string, values: number[], digits: number) => [name, median(values).toFixed(digits), spread(values, digits)];
  console.log(`\nnpm start (PORT=0, demo seeded), median of ${ROUNDS} starts each; ${machine()}`);
  const rows: string[][] = [];
  for (const [kind, label] of [['warm', 'warm (same DATA_DIR)'], ['first', 'first (new DATA_DIR)']] as const) {
    const starts = runs[kind];
    rows.push(figures(`${label}: ready (s)`, starts.map((r) => r.readyMs / 1000), 2));
    rows.push(figures(`  resident at idle, whole tree (MiB)`, starts.map((r) => mib(r.rss.bytes)), 0));
    for (const comm of [...new Set(starts.flatMap((r) => [...r.rss.byCommand.keys()]))]) {
      rows.push(figures(`    of it: ${comm} (MiB)`, starts.map((r) => mib(r.rss.byCommand.get(comm) ?? 0)), 0));
    }
    const heaps = starts.flatMap((r) => (r.heapLive === undefined ? [] : [mib(r.heapLive)]));
    if (heaps.length) rows.push(figures(`  JVM heap live after full GC (MiB)`, heaps, 0));
  }
  console.log(table(['figure', 'median', 'spread'], rows));
  const warm = runs.warm.map((r) => r.readyMs / 1000);
  aim('npm start ready on a warm checkout', `${median(warm).toFixed(2)} s (${spread(warm, 2)})`, 'at most 5 s', median(warm) <= 5);
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
