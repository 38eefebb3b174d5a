import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter, type DeliveryBatch, type QueueJob } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';

/** The local runtime's in-process queue (as infra/local/functions.ts registers it). */
export const useLocalQueue = () =>
  registerDeliveryQueueAdapter({
    kind: 'in-process',
    create: () => ({ enqueue: (batches) => localDeliveryQueue().enqueue(batches), enqueueJobs: (jobs) => localDeliveryQueue().enqueueJobs(jobs) }),
  });

/**
 * Runs `call` as an API function runs on AWS: nothing to publish with (the delivery port throws
 * 'Delivery is not configured' at a publish), and what it queues captured, not run; the local
 * runtime's queue is back afterwards, to run what was captured.
 */
export async function asApiFunction<T>(call: () => Promise<T>): Promise<{ result: T; batches: DeliveryBatch[]; jobs: QueueJob[] }> {
  const batches: DeliveryBatch[] = [];
  const jobs: QueueJob[] = [];
  const mqttUrl = process.env.MQTT_URL;
  await closeDelivery();
  delete process.env.MQTT_URL;
  registerDeliveryQueueAdapter({
    kind: 'in-process',
    create: () => ({ enqueue: async (queued) => void batches.push(...queued), enqueueJobs: async (queued) => void jobs.push(...queued) }),
  });
  try {
    return { result: await call(), batches, jobs };
  } finally {
    process.env.MQTT_URL = mqttUrl;
    useLocalQueue();
  }
}
