import type { ScheduledFiring } from '../../functions/src/platform/scheduling/scheduler.port.ts';
import { loadScheduledHandler } from './functions.ts';
import { lambdaContext } from './lambda-context.ts';
import { logger } from './log.ts';

export interface LocalSchedulerOptions {
  /** Where a firing goes; by default the target module's `scheduled.handler.ts`. Tests pass a spy. */
  dispatch?: (firing: ScheduledFiring) => Promise<void>;
  /** Poll period; 250 ms fires within a second of due time. */
  intervalMs?: number;
  /** The clock (tests). */
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
  const now = options.now ?? (() => new Date());
  // The runtime is one process and starts its scheduler: a firing claimed before this moment was
  // claimed by a process that is gone (a kill), never by one still at work.
  const startedAt = now();
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  let lastPollError = '';

  async function fire(schedule: Awaited<ReturnType<typeof due.dueSchedules>>[number]): Promise<void> {
    const claimed = await due.claimSchedule(schedule, now());
    if (!claimed) return;
    const firing = due.firingOf(claimed);
    const what = `${firing.target.module} ${firing.target.type} ${firing.target.id} @ ${firing.occurrence}`;
    try {
      await dispatch(firing);
    } catch (error) {
      if (isFiringInProgress(error)) {
        // A killed process's claim would hold the occurrence until its lease ends (90 s): taken
        // over at once, since no earlier process of this runtime is at work (soak seed 1: a task
        // start cut off by the kill reached its people 90 s late). Anything else holding it is a
        // live run: waiting for it is no failure, or a firing cut off by a crash would be dropped.
        const takenOver = await guard.expireClaimMadeBefore(firing, startedAt, now());
        await due.deferSchedule(claimed, now(), takenOver ? 0 : (options.inProgressRetryMs ?? IN_PROGRESS_RETRY_MS));
        logger.info(`Scheduled ${what} is held by ${takenOver ? 'a run of an earlier process; taken over' : 'an earlier run; asking again later'}`);
        return;
      }
      const outcome = await due.recordFailure(claimed, error, now(), options.retryBaseMs);
      logger.error(`Scheduled ${what} failed (attempt ${claimed.attempts + 1}, ${outcome}): ${message(error)}`);
      return;
    }
    await due.advance(claimed, claimed.occurrenceAt, now());
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
