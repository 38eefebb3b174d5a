import { runAdmins, type SentItem } from './admin-load.ts';
import { audit, awaitOpenActions, type AuditReport } from './audit.ts';
import { faultInjector, planFaults, type InjectedFault } from './faults.ts';
import { httpLog } from './http-log.ts';
import { HEAP_PROBE_NODE_ARGS, memorySampler } from './portal-memory.ts';
import { seededRandom } from '../../infra/local/seeded-random.ts';
import { shiftWeek } from './shift-week.ts';
import { setUpOrganisation } from './soak-organisation.ts';
import { startWatchFleet } from './watch-fleet.ts';
import { runWebhookCallers, type Press } from './webhook-callers.ts';
import { startSeededPortal } from '../support/seeded-portal.ts';

export interface SoakOptions {
  seed: number;
  seconds: number;
  watches: number;
  admins: number;
  /** Faults injected (at least one of each kind). */
  faults: number;
  log: (line: string) => void;
}

export interface SoakResult extends AuditReport {
  seed: number;
  faults: InjectedFault[];
}

/** SOAK_SEED, SOAK_SECONDS (600), SOAK_WATCHES (500), SOAK_ADMINS (10), SOAK_FAULTS (6), read once. */
export function soakOptionsFromEnv(log: (line: string) => void): SoakOptions {
  const number = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
  return {
    seed: number('SOAK_SEED', Math.floor(Math.random() * 2 ** 31)),
    seconds: number('SOAK_SECONDS', 600),
    watches: number('SOAK_WATCHES', 500),
    admins: number('SOAK_ADMINS', 10),
    faults: number('SOAK_FAULTS', 6),
    log,
  };
}

/**
 * Settling after the load: scheduled sends and task starts come due, two 10 s action steps close.
 * Actions still open then are waited for up to their latest step time-out (awaitOpenActions).
 */
const SETTLE_MS = 30_000;

/**
 * One soak run (docs/reliability.md): `npm start` on its own DATA_DIR, the organisation, the
 * watches, then admins, webhook callers and a shift week published twice for `seconds` while the
 * fault plan runs, then a settling period and the audit. Everything random comes from `seed`
 * (timings on a shared machine still vary from run to run).
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { seed, seconds, log } = options;
  const random = seededRandom(seed);
  const plan = planFaults(random, seconds, options.faults);
  log(`soak: seed ${seed}, ${seconds} s, ${options.watches} watches, ${options.admins} admins`);
  log(`fault plan: ${plan.map((f) => `${f.kind} at ${f.atSeconds} s`).join(', ')}`);
  const begun = Date.now();
  const waiting = waitingFor(log);
  // With PORTAL_LOG_FILE (test/support/portal-process.ts) the functions' warnings and errors go there too.
  const logs = process.env.PORTAL_LOG_FILE ? { POWERTOOLS_LOG_LEVEL: 'WARN' } : { POWERTOOLS_LOG_LEVEL: 'SILENT' };
  const portal = await startSeededPortal({ LOCAL_RUNTIME_QUIET: '1', ...logs }, HEAP_PROBE_NODE_ARGS);
  const api = httpLog(portal.url);
  let fleet: Awaited<ReturnType<typeof startWatchFleet>> | undefined;
  let faults: ReturnType<typeof faultInjector> | undefined;
  try {
    const org = await waiting.on('the organisation', setUpOrganisation(portal, api, { watches: options.watches, admins: options.admins }));
    fleet = await waiting.on('the watches to connect', startWatchFleet(portal.mqttTcpUrl, org.staff, seed));
    log(`set up in ${((Date.now() - begun) / 1000).toFixed(0)} s: organisation ${org.orgId}, ${org.staff.length} watches connected`);

    const items: SentItem[] = [];
    const presses: Press[] = [];
    faults = faultInjector({ portal, api, org, fleet, items, log });
    const week = shiftWeek(api, org, random, log);
    const memory = memorySampler(() => portal.process, Math.min(60_000, seconds * 250));
    const loadStartedAt = Date.now();
    const until = loadStartedAt + seconds * 1000;
    const shifts = (async () => {
      await week.planAndPublish();
      await new Promise((done) => setTimeout(done, Math.max(0, loadStartedAt + seconds * 500 - Date.now())));
      await week.republish();
    })();
    // Each part says when it is done, so a run that does not end says which part it waits for.
    const done = (what: string) => () => log(`${what} done after ${((Date.now() - loadStartedAt) / 1000).toFixed(0)} s`);
    // Every part runs to its end before anything is torn down: a part that failed is said at once
    // and is a loss of the audit. (With Promise.all, run 18's shift week gave up
    // during an outage, the teardown closed the watches and stopped the portal while the faults
    // went on restarting it, and the run hung with no word of why: Open 8 (e).)
    const parts = { admins: runAdmins(api, org, seed, until, items), 'webhook callers': runWebhookCallers(api, org, seed, until, presses), faults: faults.run(plan, loadStartedAt), 'shift week': shifts };
    const failed: string[] = [];
    await Promise.all(
      Object.entries(parts).map(([what, part]) =>
        waiting.on(what, part, until).then(done(what), (error: Error) => {
          log(`${what} FAILED after ${((Date.now() - loadStartedAt) / 1000).toFixed(0)} s: ${error.message}`);
          failed.push(`${what}: ${error.message}`);
        }),
      ),
    );

    log(`load done after ${((Date.now() - loadStartedAt) / 1000).toFixed(0)} s: ${items.length} items, ${presses.length} webhook presses; settling`);

    const lastDue = Math.max(Date.now(), ...items.map((i) => i.dueAt));
    await new Promise((done) => setTimeout(done, lastDue + SETTLE_MS - Date.now()));
    await waiting.on('the watches to settle', fleet.settle(30_000));
    // A step's time-out may legitimately come after the settling (the queue's retries through an
    // outage, then the next step): the audit waits for the latest one it knows of, bounded.
    const actionsWait = await waiting.on('open actions', awaitOpenActions({ api, org, items, downWindows: faults.downWindows }));
    if (actionsWait.waitedSeconds) log(`waited ${actionsWait.waitedSeconds} s for open actions' step time-outs; ${actionsWait.open.length} still open`);
    const memoryFigures = await waiting.on('the last memory sample', memory.stop());
    log(`live memory after full GC of the last portal process, every 5 s (MiB): ${memoryFigures.series.map((m) => m.toFixed(0)).join(' ')}`);
    const report = await waiting.on('the audit', audit({ api, org, items, presses, fleet, week: week.published, downWindows: faults.downWindows, memory: memoryFigures }));
    // A part that gave up is a loss of its own; what it did before is audited with the rest.
    return { ...report, losses: [...failed.map((line) => `load part gave up: ${line}`), ...report.losses], seed, faults: faults.injected };
  } finally {
    try {
      await waiting.on('the watches to close', fleet?.close() ?? Promise.resolve());
      await waiting.on('the portal to stop', portal.stop());
    } finally {
      await waiting.on('DynamoDB Local to stop', faults?.stop() ?? Promise.resolve());
      waiting.stop();
    }
  }
}

/**
 * What the run waits for, said each minute once a part is a minute past when it was due to end
 * (a load part at the load's end, any other as it starts): a run that does not end says where
 * (stop 38's CI run hung until its 15-minute time-out with nothing said).
 */
function waitingFor(log: (line: string) => void) {
  const pending = new Map<string, number>();
  const timer = setInterval(() => {
    const late = [...pending].filter(([, due]) => Date.now() - due >= 60_000);
    if (late.length) log(`still waiting for: ${late.map(([what, due]) => `${what} (${Math.round((Date.now() - due) / 1000)} s past due)`).join(', ')}`);
  }, 60_000);
  // Never what keeps the process alive: a run that failed before its teardown still exits.
  timer.unref();
  return {
    async on<T>(what: string, work: Promise<T>, dueAt = Date.now()): Promise<T> {
      pending.set(what, dueAt);
      try {
        return await work;
      } finally {
        pending.delete(what);
      }
    },
    stop: () => clearInterval(timer),
  };
}

/** Losses counted by kind: the line with its ids, names and numbers taken out (run 19 printed 200 of 583, all of two kinds). */
function lossKinds(losses: readonly string[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const line of losses) {
    const kind = line.replace(/[0-9A-Z]{26}|[0-9a-f]{8}-[0-9a-f-]{27}|soak-staff-\d+|\d[\d:.TZ-]*/g, '…');
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].sort(([, a], [, b]) => b - a);
}

/** The report as printed: the seed, the faults, each figure, the losses by kind and the first 200. */
export function formatReport(result: SoakResult): string {
  const width = Math.max(...result.figures.map(([name]) => name.length));
  return [
    `seed ${result.seed}`,
    'faults:',
    ...result.faults.map((f) => `  ${f.atSeconds}s ${f.kind}: ${f.detail}`),
    'audit:',
    ...result.figures.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`),
    result.losses.length ? `LOSSES (${result.losses.length}), by kind:` : 'no loss, no duplicate, nothing stuck',
    ...lossKinds(result.losses).map(([kind, count]) => `  ${String(count).padStart(5)}  ${kind}`),
    ...(result.losses.length ? ['the first 200:'] : []),
    ...result.losses.slice(0, 200).map((line) => `  ${line}`),
  ].join('\n');
}
