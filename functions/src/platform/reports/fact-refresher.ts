import type { ModuleName } from '@portal/shared/api/route-table';
import { registerQueueJob } from '../delivery/delivery-consumer.ts';
import { enqueueJob } from '../delivery/delivery-queue.ts';
import { logger } from '../logger.ts';
import type { FactContent } from './fact-content.ts';
import { refreshFact, type RefreshOutcome } from './refresh-fact.ts';

/** The queue job of a refresh the path that changed an item could not make: `report.refresh:{kind}`. */
export const reportRefreshJob = (kind: string): string => `report.refresh:${kind}`;

export interface FactRefresherInput {
  /** Whose delivery queue takes the job when a refresh fails. */
  module: ModuleName;
  /** The fact's kind (`ACTION`, `TASK`, ...). */
  kind: string;
  /**
   * The item's fact as it is now, read consistently; null when the item is gone (history stays).
   * `stored`: the fact as the kit holds it, for a `stepwise` module.
   */
  read: (orgId: string, itemId: string, stored: FactContent | null) => Promise<FactContent | null>;
  /**
   * `read` may move the fact only a bounded step towards the item (a rollup row's update takes at
   * most MAX_ROW_ATTRIBUTES): the refresh repeats until a step changes nothing.
   */
  stepwise?: boolean;
}

/** A stepwise refresh gives up after this many steps (its job comes back and goes on from there). */
export const MAX_REFRESH_STEPS = 100;

export interface FactRefresher {
  /** Refreshes at once and says what it did; throws when it could not (the job and the tests). */
  now: (orgId: string, itemId: string) => Promise<RefreshOutcome>;
  /**
   * The one call at the end of every path that changes the item: a report must never fail the
   * path, so a refresh that fails is logged and queued as the module's job. It is idempotent, so a
   * path run twice, or a job after a refresh that did go through, changes nothing.
   */
  refresh: (orgId: string, itemId: string) => Promise<void>;
  /** Registers the job on the module's delivery entry: a throw brings the job back, in the end to the dead-letter queue. */
  registerJob: () => void;
}

/** One module's refresh of one kind of fact (decision 0087): the refresh, its fallback job and the job. */
export function factRefresher({ module, kind, read, stepwise = false }: FactRefresherInput): FactRefresher {
  const job = reportRefreshJob(kind);
  const step = (orgId: string, itemId: string) => refreshFact({ orgId, kind, itemId, read: (stored) => read(orgId, itemId, stored) });
  /** Once, or until unchanged; says what the first step that changed the fact did. */
  const now = async (orgId: string, itemId: string): Promise<RefreshOutcome> => {
    const first = await step(orgId, itemId);
    if (!stepwise || first === 'unchanged' || first === 'gone') return first;
    for (let steps = 1; steps < MAX_REFRESH_STEPS; steps++) {
      const outcome = await step(orgId, itemId);
      if (outcome === 'unchanged' || outcome === 'gone') return first;
    }
    throw new Error(`Report fact ${kind}/${itemId} still changing after ${MAX_REFRESH_STEPS} steps`);
  };
  return {
    now,
    refresh: async (orgId, itemId) => {
      try {
        await now(orgId, itemId);
      } catch (error) {
        logger.warn('Report fact not refreshed: queued', { orgId, module, kind, itemId, error: (error as Error).message });
        await enqueueJob(orgId, module, job, { itemId }).catch((queueError: unknown) =>
          logger.error('Report fact refresh not queued', { orgId, module, kind, itemId, error: (queueError as Error).message }),
        );
      }
    },
    registerJob: () =>
      registerQueueJob(module, job, async (orgId, payload) => {
        const itemId = (payload as { itemId?: unknown } | null)?.itemId;
        if (typeof itemId !== 'string' || !itemId) throw new Error(`Not a ${job} job payload`);
        await now(orgId, itemId);
      }),
  };
}
