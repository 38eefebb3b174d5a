/**
 * `npm start` benchmark (issue 12): runs `npm start` as a newcomer does (PORT=0, a new temporary
 * DATA_DIR each time, so each start also creates the table and seeds the demo organisation), ROUNDS
 * times after one unmeasured start that builds the frontend if it is stale. Prints the median time
 * from the spawn to "Portal ready", and the resident memory at idle (the sum of the RSS of the whole
 * process tree: npm, Node, DynamoDB Local's JVM, cognito-local) IDLE_MS after ready, with their
 * spread. Figures only; never fails on time. `npm run bench:start` (about a minute).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { machine, median, spread, table } from './machine.ts';

const ROUNDS = Math.max(5, Number(process.env.BENCH_ROUNDS ?? 5));
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5000);
const root = fileURLToPath(new URL('../..', import.meta.url));

/** The RSS of `pid` and all its descendants, in bytes (Linux `ps`). */
function treeRss(pid: number): { bytes: number; byCommand: Map<string, number> } {
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
  return { bytes, byCommand };
}

async function start(): Promise<{ readyMs: number; rss: ReturnType<typeof treeRss> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-start-'));
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
    return { readyMs, rss: treeRss(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const first = await start();
console.log(`first start (builds the frontend if stale): ready in ${(first.readyMs / 1000).toFixed(1)} s`);
const runs: Array<Awaited<ReturnType<typeof start>>> = [];
for (let round = 0; round < ROUNDS; round++) runs.push(await start());

const mib = (bytes: number) => bytes / 2 ** 20;
console.log(`\nnpm start (PORT=0, a new DATA_DIR, demo seeded), median of ${ROUNDS} starts; ${machine()}`);
const commands = [...new Set(runs.flatMap((r) => [...r.rss.byCommand.keys()]))];
console.log(
  table(
    ['figure', 'median', 'spread'],
    [
      ['ready (s)', median(runs.map((r) => r.readyMs / 1000)).toFixed(2), spread(runs.map((r) => r.readyMs / 1000), 2)],
      [`resident at idle, whole tree (MiB)`, median(runs.map((r) => mib(r.rss.bytes))).toFixed(0), spread(runs.map((r) => mib(r.rss.bytes)), 0)],
      ...commands.map((comm) => {
        const values = runs.map((r) => mib(r.rss.byCommand.get(comm) ?? 0));
        return [`  of it: ${comm} (MiB)`, median(values).toFixed(0), spread(values, 0)];
      }),
    ],
  ),
);
process.exit(0);
