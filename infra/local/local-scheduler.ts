import type { ScheduledFiring } from '../../functions/src/platform/scheduling/scheduler.port.ts';
import { loadScheduledHandler } from './functions.ts';
import { lambdaContext } from './lambda-context.ts';
import { logger } from './log.ts';
import { schedulerNow } from './scheduler-clock.ts';

export interface LocalSchedulerOptions {
  /** Where a firing goes; by default the target module's `scheduled.handler.ts`. Tests pass a spy. */
  dispatch?: (firing: ScheduledFiring) => Promise<void>;
  /** Poll period; 250 ms fires within a second of due time. */
  intervalMs?: number;
  /** The clock: by default the real time, which a browser test may move forward (scheduler-clock.ts). */
  now?: () => Date;
  /** First retry delay after a failed handler; doubles per attempt (due-schedules.ts). */
  retryBaseMs?: number;
  /** Delay before asking again for a firing another execution still holds (no attempt spent). */
  inProgressRetryMs?: number;
}

export interface LocalScheduler {
  /** Stops polling and waits (up to a few seconds) for handlers still running. */
  stop(): Promise<void>;
}

const STOP_WAIT_MS = 5_000;
const IN_PROGRESS_RETRY_MS = 5_000;
/** How often a schedule's own bookkeeping write (a failure, a deferral, an advance) is tried again while the table is unreachable. */
const BOOKKEEPING_RETRY_MS = 1_000;

/**
 * The firings a dispatch of this process is running now, by schedule and occurrence, over every
 * local scheduler of the process. The runtime is one process and its schedulers are the only ones
 * that run scheduled handlers locally: a firing guard's claim on a firing not in here belongs to no
 * live run (a killed process's, or one whose effect failed and whose release could not be written).
 */
const running = new Map<string, number>();
const runningKey = (firing: ScheduledFiring) => `${firing.schedule_name}\u0000${firing.occurrence}`;

/** The firing guard's FiringInProgressError (firing-guard.ts), known by name: the functions' modules load later. */
const isFiringInProgress = (error: unknown) => error instanceof Error && error.name === 'FiringInProgressError';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function invokeScheduledHandler(firing: ScheduledFiring): Promise<void> {
  const handler = await loadScheduledHandler(firing.target.module);
  await handler(firing, lambdaContext(`${firing.target.module}-scheduled`));
}

/**
 * The local stand-in for EventBridge Scheduler: polls the table adapter's due schedules (AP78),
 * claims each (AP79, so a second poller never fires it too), calls the target's scheduled handler
 * with the same `ScheduledFiring` AWS would deliver, then advances the schedule. A failing handler
 * is retried with backoff; schedules live in DynamoDB Local, so they fire after a restart, missed
 * occurrences of a series collapsing into one firing (the oldest). Started by runtime.ts once the
 * table exists and the handlers' environment is set.
 */
export async function startLocalScheduler(options: LocalSchedulerOptions = {}): Promise<LocalScheduler> {
  // Loaded here, after the runtime has set TABLE_NAME and DYNAMODB_ENDPOINT (entities read them on load).
  const due = await import('../../functions/src/platform/scheduling/due-schedules.ts');
  const guard = await import('../../functions/src/platform/scheduling/firing-guard.ts');
  const dispatch = options.dispatch ?? invokeScheduledHandler;
  const intervalMs = options.intervalMs ?? 250;
  const now = options.now ?? schedulerNow;
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let lastPollError = '';

  /**
   * Writes a schedule's bookkeeping, trying again every second while the table cannot be reached
   * (DynamoDB Local killed): given up, the claimed row would only come due at the end of its 60 s
   * lease, and a failed firing's retry with it (soak seed 1: a task start that DynamoDB's outage
   * broke off reached its people a minute and a half late). Bounded by the lease, after which the
   * row is due again anyway.
   */
  async function bookkeeping<T>(what: string, write: () => Promise<T>): Promise<T | undefined> {
    const until = Date.now() + due.LEASE_MS;
    for (;;) {
      try {
        return await write();
      } catch (error) {
        if (stopped || Date.now() + BOOKKEEPING_RETRY_MS > until) throw error;
        logger.info(`Local scheduler: ${what} not written (${message(error)}); trying again`);
        await new Promise((done) => setTimeout(done, BOOKKEEPING_RETRY_MS).unref());
      }
    }
  }

  async function run(firing: ScheduledFiring): Promise<void> {
    const key = runningKey(firing);
    running.set(key, (running.get(key) ?? 0) + 1);
    try {
      await dispatch(firing);
    } finally {
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
    }
  }

  async function fire(schedule: Awaited<ReturnType<typeof due.dueSchedules>>[number]): Promise<void> {
    const claimed = await due.claimSchedule(schedule, now());
    if (!claimed) return;
    const firing = due.firingOf(claimed);
    const what = `${firing.target.module} ${firing.target.type} ${firing.target.id} @ ${firing.occurrence}`;
    try {
      await run(firing);
    } catch (error) {
      if (isFiringInProgress(error)) {
        // Held by a run of this process still at work: asked again later, spending no attempt.
        // Held by nothing alive (a killed process's run, or a run whose effect failed while the
        // table was down, so its claim could not be given back): its 90 s lease would delay the
        // firing for nothing (soak seed 1, reliability Open 4); the claim is given back at once.
        const live = running.has(runningKey(firing));
        if (!live) await bookkeeping(`${what}: claim`, () => guard.releaseFiring(firing));
        await bookkeeping(`${what}: deferral`, () => due.deferSchedule(claimed, now(), live ? (options.inProgressRetryMs ?? IN_PROGRESS_RETRY_MS) : 0));
        logger.info(`Scheduled ${what} is held by ${live ? 'a run still at work; asking again later' : 'no live run; taken over'}`);
        return;
      }
      const outcome = await bookkeeping(`${what}: failure`, () => due.recordFailure(claimed, error, now(), options.retryBaseMs));
      logger.error(`Scheduled ${what} failed (attempt ${claimed.attempts + 1}, ${outcome}): ${message(error)}`);
      return;
    }
    await bookkeeping(`${what}: advance`, () => due.advance(claimed, claimed.occurrenceAt, now()));
    logger.info(`Fired ${what}`);
  }

  async function poll(): Promise<void> {
    for (const schedule of await due.dueSchedules(now())) {
      if (stopped || inFlight.has(schedule.scheduleId)) continue;
      const run = fire(schedule)
        .catch((error: unknown) => logger.error(`Local scheduler: ${schedule.name}: ${message(error)}`))
        .finally(() => inFlight.delete(schedule.scheduleId));
      inFlight.set(schedule.scheduleId, run);
    }
    lastPollError = '';
  }

  const loop = () => {
    if (stopped) return;
    polling = poll()
      .catch((error: unknown) => {
        // Logged once per distinct error, not every 250 ms.
        if (message(error) !== lastPollError) logger.error(`Local scheduler poll failed: ${message(error)}`);
        lastPollError = message(error);
      })
      .finally(() => {
        polling = undefined;
        if (stopped) return;
        timer = setTimeout(loop, intervalMs);
        timer.unref();
      });
  };
  loop();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([polling, ...inFlight.values()]),
        new Promise((done) => {
          wait = setTimeout(done, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(wait);
    },
  };
}
