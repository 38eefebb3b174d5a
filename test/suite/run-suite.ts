import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { REPO_ROOT } from '../../infra/aws/repo-paths.ts';
import { SUITE, type Lane, type Step } from './suite-lanes.ts';

/**
 * `npm test`: the lanes of suite-lanes.ts, side by side. Every line a step
 * prints comes through as it comes, after its lane's name and the seconds since the start
 * (`browsers  212 s │ …`), so a run that hangs shows where; at the end, one line per step with its
 * exit code, its time and vitest's counts. Exits 1 when any step failed; every step runs
 * regardless, so one run reports every failure, unless the run is stopped (Ctrl-C, SIGTERM).
 */
interface Outcome {
  lane: string;
  command: string;
  code: number;
  seconds: number;
  counts: string[];
}

const width = Math.max(...SUITE.map((lane) => lane.name.length));
const running = new Set<ChildProcess>();
/** Set by Ctrl-C or SIGTERM: the steps running are told, and no further step starts. */
let stopping = false;
const begun = Date.now();
// The lane and the seconds since `npm test` began: which lane waited where, and beside what.
const write = (lane: string, line: string) => process.stdout.write(`${lane.padEnd(width)} ${((Date.now() - begun) / 1000).toFixed(0).padStart(4)} s │ ${line}\n`);
// vitest's own summary lines, kept for the end.
const COUNT_LINE = /^\s*(Test Files|Tests|Duration)\s/;

function runStep(lane: Lane, step: Step): Promise<Outcome> {
  const started = Date.now();
  const command = step.command.join(' ');
  write(lane.name, `$ ${command}`);
  const [program, ...args] = (lane.nice ? ['nice', '-n', String(lane.nice), ...step.command] : step.command) as [string, ...string[]];
  // Colour only where a person reads it; CI's log stays plain text.
  // A process group of its own (detached): a stop reaches the step with all it started (its
  // workers, DynamoDB Local, Chromium), which `npm exec` and a killed vitest would leave behind.
  const child = spawn(program, args, { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) } });
  running.add(child);
  // A command that cannot start says so here; 'close' follows.
  child.on('error', (error) => write(lane.name, `could not run ${command}: ${error.message}`));
  const counts: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => {
      write(lane.name, line);
      const plain = stripVTControlCharacters(line);
      if (COUNT_LINE.test(plain)) counts.push(plain.trim());
    });
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ lane: lane.name, command, code: code ?? (signal ? 128 : 1), seconds: (Date.now() - started) / 1000, counts });
    });
  });
}

async function runLane(lane: Lane): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of lane.steps) {
    if (stopping) break;
    outcomes.push(await runStep(lane, step));
  }
  return outcomes;
}

/** Signals a step's whole process group; a group already gone is nothing to stop. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group has ended.
  }
}

// Ctrl-C or CI's stop reaches the steps too: first the signal, so global teardowns stop what they
// started; whatever still runs 30 s later is killed.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    for (const child of running) signalGroup(child, signal);
    setTimeout(() => {
      for (const child of running) signalGroup(child, 'SIGKILL');
    }, 30_000).unref();
  });
}

const outcomes = (await Promise.all(SUITE.map(runLane))).flat();

console.log(`\nnpm test: ${((Date.now() - begun) / 1000).toFixed(0)} s`);
for (const outcome of outcomes) {
  console.log(`${outcome.lane.padEnd(width)} │ ${outcome.code === 0 ? 'passed' : `FAILED (exit ${outcome.code})`} in ${outcome.seconds.toFixed(0)} s: ${outcome.command}`);
  for (const count of outcome.counts) console.log(`${''.padEnd(width)} │   ${count}`);
}
const failed = outcomes.filter((outcome) => outcome.code !== 0);
if (failed.length) console.log(`\n${failed.length} step(s) failed: ${failed.map((outcome) => outcome.command).join('; ')}`);
if (stopping) console.log('\nStopped before every step ran.');
process.exit(failed.length || stopping ? 1 : 0);
