import type { ModuleName } from '@portal/shared/api/route-table';

/**
 * The delivery queue port (decision 0020): a message to many people is split into batches of
 * recipients, each batch a queue message that a delivery consumer publishes and records
 * (delivery-consumer.ts). SQS with a delivery Lambda on AWS, an in-process queue locally. The same
 * queue also carries a module's jobs (decision 0039): work another module hands it, e.g. a
 * notification to make from a template when a trigger fires, run by the module's delivery function.
 */

/** What is sent: the consumer loads it by this reference through the module's registered kind. */
export interface MessageRef {
  /** The module whose delivery function consumes the batch (one queue per module on AWS). */
  module: ModuleName;
  /** The kind the module registered with `registerDeliveryKind`, e.g. 'notification'. */
  kind: string;
  id: string;
}

export interface BatchRecipient {
  userId: string;
  /** The recipient group the user was resolved from (status by group). */
  groupNumber: number;
}

export interface DeliveryBatch {
  orgId: string;
  message: MessageRef;
  recipients: BatchRecipient[];
}

/** A job for a module's delivery function: `kind` as the module registered it with `registerQueueJob`. */
export interface QueueJob {
  orgId: string;
  /** The module whose delivery function runs it (its queue on AWS). */
  module: ModuleName;
  kind: string;
  /** JSON; the job's own code checks it. */
  payload: unknown;
  /**
   * Seconds the job waits on the queue before its function may receive it, 0 to 900 (SQS's
   * DelaySeconds, second precision): a short action step's time-out (decision 0054). None: at once.
   */
  delaySeconds?: number;
}

/** The longest delay a queue message can be given (SQS's DelaySeconds). */
export const MAX_DELAY_SECONDS = 900;

/** Which received message a consumer means: the SQS record's event source and receipt handle. */
export interface ReceivedMessage {
  eventSourceARN: string;
  receiptHandle: string;
}

export interface DeliveryQueue {
  /** Resolves when every batch is on the queue; rejects if any could not be put there. */
  enqueue(batches: readonly DeliveryBatch[]): Promise<void>;
  /**
   * Resolves when every job is on its module's queue; rejects if any could not be put there. Both
   * adapters have it; a test's stand-in that only takes batches may leave it out.
   */
  enqueueJobs?(jobs: readonly QueueJob[]): Promise<void>;
  /**
   * A received message its consumer failed comes back after `seconds` rather than after the
   * queue's visibility timeout (SQS: ChangeMessageVisibility). The in-process queue has none: it
   * brings a failure back after its own short delay.
   */
  retryAfter?(message: ReceivedMessage, seconds: number): Promise<void>;
}

/** 'sqs': a queue per module with its delivery Lambda (CDK sets it). 'in-process': the local runtime's. */
export type DeliveryQueueKind = 'sqs' | 'in-process';

/**
 * The queue message body: recipients as [userId, groupNumber] pairs, so a batch of 500 stays near
 * 25 KB and ten of them fit one SendMessageBatch (256 KiB).
 */
export interface BatchBody {
  v: 1;
  orgId: string;
  message: MessageRef;
  recipients: Array<[string, number]>;
}

export const encodeBatch = (batch: DeliveryBatch): string =>
  JSON.stringify({ v: 1, orgId: batch.orgId, message: batch.message, recipients: batch.recipients.map((r) => [r.userId, r.groupNumber]) } satisfies BatchBody);

const isPair = (value: unknown): value is [string, number] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && value[0].length > 0 && Number.isInteger(value[1]);

/** The batch a queue message carries; throws on anything this code did not write. */
export function decodeBatch(body: string): DeliveryBatch {
  const parsed = JSON.parse(body) as Partial<BatchBody>;
  const message = parsed?.message as Partial<MessageRef> | undefined;
  if (parsed?.v !== 1 || typeof parsed.orgId !== 'string' || typeof message?.module !== 'string' || typeof message.kind !== 'string' || typeof message.id !== 'string') {
    throw new Error('Not a delivery batch');
  }
  if (!Array.isArray(parsed.recipients) || !parsed.recipients.every(isPair)) throw new Error('Not a delivery batch: recipients');
  return {
    orgId: parsed.orgId,
    message: { module: message.module, kind: message.kind, id: message.id },
    recipients: parsed.recipients.map(([userId, groupNumber]) => ({ userId, groupNumber })),
  };
}

/** A job's queue message body: `job` tells it from a batch. */
export interface JobBody {
  v: 1;
  orgId: string;
  module: ModuleName;
  job: string;
  payload: unknown;
}

export const encodeJob = (job: QueueJob): string =>
  JSON.stringify({ v: 1, orgId: job.orgId, module: job.module, job: job.kind, payload: job.payload } satisfies JobBody);

/** What one queue message carries: a batch of recipients, or a job. */
export type QueueRecord = { batch: DeliveryBatch } | { job: QueueJob };

/** A queue message's batch or job; throws on anything this code did not write. */
export function decodeRecord(body: string): QueueRecord {
  const parsed = JSON.parse(body) as Partial<JobBody> | null;
  if (parsed && typeof parsed === 'object' && 'job' in parsed) {
    if (parsed.v !== 1 || typeof parsed.orgId !== 'string' || typeof parsed.module !== 'string' || typeof parsed.job !== 'string' || !parsed.job) {
      throw new Error('Not a queue job');
    }
    return { job: { orgId: parsed.orgId, module: parsed.module, kind: parsed.job, payload: parsed.payload ?? null } };
  }
  return { batch: decodeBatch(body) };
}
