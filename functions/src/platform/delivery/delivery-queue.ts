import type { ModuleName } from '@portal/shared/api/route-table';
import { adapterRegistry, type PortAdapter } from '../adapter-registry.ts';
import { MAX_DELAY_SECONDS, type BatchRecipient, type DeliveryBatch, type DeliveryQueue, type DeliveryQueueKind, type MessageRef, type QueueJob, type ReceivedMessage } from './delivery-queue.port.ts';

export type { BatchRecipient, DeliveryBatch, DeliveryQueue, DeliveryQueueKind, MessageRef, QueueJob, ReceivedMessage } from './delivery-queue.port.ts';

/** DELIVERY_QUEUE: 'sqs' (CDK sets it on every function that sends) or 'in-process' (the local runtime). */
export const DELIVERY_QUEUE_ENV = 'DELIVERY_QUEUE';

/**
 * Recipients per queue message: 500 take one delivery Lambda about 125 ms of publishing at its
 * paced rate, and ten messages of 500 fit one SendMessageBatch (docs/performance.md).
 */
export const RECIPIENTS_PER_BATCH = 500;

/**
 * An adapter as its composition root registers it: the Lambda entries that send register the SQS
 * one (`sqs-queue.adapter.ts`), the local runtime the in-process one (infra/local/functions.ts).
 */
export type DeliveryQueueAdapter = PortAdapter<DeliveryQueueKind, DeliveryQueue>;

const adapters = adapterRegistry<DeliveryQueueKind, DeliveryQueue>(
  (kind) => `${DELIVERY_QUEUE_ENV} is '${kind}', but no '${kind}' adapter is registered: a Lambda entry that sends registers sqs, the local runtime in-process (infra/local/functions.ts)`,
);

/** Makes an adapter available; DELIVERY_QUEUE decides which one is used. */
export const registerDeliveryQueueAdapter = (adapter: DeliveryQueueAdapter): void => adapters.register(adapter);

function deliveryQueue(): DeliveryQueue {
  const kind = process.env[DELIVERY_QUEUE_ENV];
  if (kind !== 'sqs' && kind !== 'in-process') {
    throw new Error(`${DELIVERY_QUEUE_ENV} must be 'sqs' (AWS) or 'in-process' (local runtime), got ${kind ? `'${kind}'` : 'nothing'}`);
  }
  return adapters.use(kind);
}

/** Recipients in batches of `size`, in order. */
export function batchesOf(orgId: string, message: MessageRef, recipients: readonly BatchRecipient[], size = RECIPIENTS_PER_BATCH): DeliveryBatch[] {
  const batches: DeliveryBatch[] = [];
  for (let i = 0; i < recipients.length; i += size) {
    batches.push({ orgId, message, recipients: recipients.slice(i, i + size).map((r) => ({ userId: r.userId, groupNumber: r.groupNumber })) });
  }
  return batches;
}

/**
 * Hands a message to everyone in `recipients` to the delivery queue, in batches; returns the
 * number of batches. Resolves once all are queued: from there the consumer publishes, records and
 * retries on its own (decision 0020).
 */
export async function enqueueDelivery(orgId: string, message: MessageRef, recipients: readonly BatchRecipient[]): Promise<number> {
  const batches = batchesOf(orgId, message, recipients);
  if (batches.length) await deliveryQueue().enqueue(batches);
  return batches.length;
}

/**
 * Hands a job to `module`'s delivery function through its queue (decision 0039); resolves once it
 * is queued. The function runs what the module registered for `kind` (`registerQueueJob`); a job
 * that fails comes back like a failed batch, and after the queue's maxReceiveCount it goes to the
 * dead-letter queue. So a job must be safe to run again (idempotent).
 */
export async function enqueueJob(orgId: string, module: ModuleName, kind: string, payload: unknown, options: { delaySeconds?: number } = {}): Promise<void> {
  const { delaySeconds } = options;
  if (delaySeconds !== undefined && !(Number.isInteger(delaySeconds) && delaySeconds >= 0 && delaySeconds <= MAX_DELAY_SECONDS)) {
    throw new Error(`A job's delay must be a whole number of seconds from 0 to ${MAX_DELAY_SECONDS}, got ${delaySeconds}`);
  }
  await enqueueJobs([{ orgId, module, kind, payload, ...(delaySeconds !== undefined ? { delaySeconds } : {}) }]);
}

/** Several jobs at once (one call per module's queue); resolves once all are queued. */
export async function enqueueJobs(jobs: readonly QueueJob[]): Promise<void> {
  if (!jobs.length) return;
  const queue = deliveryQueue();
  if (!queue.enqueueJobs) throw new Error(`The registered '${process.env[DELIVERY_QUEUE_ENV]}' delivery queue carries no jobs`);
  await queue.enqueueJobs(jobs);
}

/**
 * A received message its consumer failed comes back after `seconds` (decision 0020, issue 27: the
 * visibility timeout, 6 × the function's timeout, outlasts an action step's deadline). False when the
 * configured queue has no such call (the in-process queue brings failures back on its own).
 */
export async function retryDeliveryAfter(message: ReceivedMessage, seconds: number): Promise<boolean> {
  const queue = deliveryQueue();
  if (!queue.retryAfter) return false;
  await queue.retryAfter(message, seconds);
  return true;
}
