import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter, type QueueJob } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { watchTransactions } from './watched-transactions.ts';

/**
 * What the report-facts tests share for a refresh's failure path (decision 0087): the delivery
 * queue as the local runtime has it, each job recorded on its way, and a table whose next
 * transaction (the refresh's) fails, as a throttled table would.
 */

/**
 * A describe's hooks: from its start the local runtime's queue with every job put on it recorded in
 * `jobs` (the queue as it is plain again at its end, and the delivery closed); mocks restored after
 * each test. `before`, if given, sees each list of jobs first (to act on it, or refuse it by throwing).
 */
export function recordQueuedJobs(before?: (jobs: readonly QueueJob[]) => Promise<void>): { jobs: QueueJob[] } {
  const jobs: QueueJob[] = [];
  beforeAll(() => {
    const local = localDeliveryQueue();
    registerDeliveryQueueAdapter({
      kind: 'in-process',
      create: () => ({
        enqueue: (batches) => local.enqueue(batches),
        enqueueJobs: async (enqueued) => {
          await before?.(enqueued);
          jobs.push(...enqueued);
          await local.enqueueJobs(enqueued);
        },
      }),
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    const local = localDeliveryQueue();
    registerDeliveryQueueAdapter({ kind: 'in-process', create: () => ({ enqueue: local.enqueue, enqueueJobs: local.enqueueJobs }) });
    await closeDelivery();
  });
  return { jobs };
}

/** The next TransactWriteItems fails (the other calls go through); `failed()` says whether it came. Undone by `vi.restoreAllMocks()`. */
export function failNextTransaction(): { failed: () => boolean } {
  const watched = watchTransactions({ fail: 1 });
  return { failed: () => watched.failed() > 0 };
}
