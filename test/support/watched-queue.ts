import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter, type DeliveryBatch, type QueueJob } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';

/**
 * The in-process delivery queue as the local runtime has it, watched by a test: every job is seen
 * on its way (`queued`), those `keepOff` names are kept off it (the test runs them when it likes,
 * e.g. a delayed job whose delay it never waits for), and delivery batches wait while `hold()` is in
 * force until `release()`. `restore()` puts the runtime's queue back and closes the delivery port.
 */
export function watchQueue(options: { keepOff?: (job: QueueJob) => boolean } = {}) {
  const queued: QueueJob[] = [];
  let held: DeliveryBatch[] | null = null;
  const local = localDeliveryQueue();
  registerDeliveryQueueAdapter({
    kind: 'in-process',
    create: () => ({
      enqueue: async (batches) => {
        if (held) return void held.push(...batches);
        return local.enqueue(batches);
      },
      enqueueJobs: async (jobs) => {
        queued.push(...jobs);
        const passed = jobs.filter((job) => !options.keepOff?.(job));
        if (passed.length) await local.enqueueJobs(passed);
      },
    }),
  });
  return {
    queued,
    hold: () => void (held = []),
    /** The held batches queued at last, and the queue idle. */
    async release() {
      const batches = held ?? [];
      held = null;
      if (batches.length) await local.enqueue(batches);
      await local.idle();
    },
    async restore() {
      registerDeliveryQueueAdapter({ kind: 'in-process', create: () => ({ enqueue: local.enqueue, enqueueJobs: local.enqueueJobs }) });
      await closeDelivery();
    },
  };
}
