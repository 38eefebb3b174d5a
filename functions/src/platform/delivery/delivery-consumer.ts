import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '../logger.ts';
import type { ModuleName } from '@portal/shared/api/route-table';
import { retryDeliveryAfter } from './delivery-queue.ts';
import { decodeRecord, type BatchRecipient, type DeliveryBatch, type QueueJob } from './delivery-queue.port.ts';
import { publishToAll, writeStatusRows, type Outcome } from './fan-out.ts';
import { createPacer } from './pacer.ts';

/**
 * The consumer side of the delivery queue (decision 0020): a batch of recipients of one message is
 * published (QoS 1) and each recipient's delivery row written with what happened. A batch with a
 * failed publish is reported failed and comes back; then only the recipients whose row does not
 * yet say delivered are published again, so nobody gets it twice from a retry (a crash between
 * publish and row may still repeat it: the envelope id is the same, and devices drop repeats).
 */

/** One message, loaded by the consumer from its reference. */
export interface DeliveryMessage {
  /** Topic and payload of one recipient's message. */
  message(recipient: BatchRecipient): { topic: string; payload: string };
  /**
   * The full table item of the recipient's delivery row. Absent for a message without rows (a
   * note about something already delivered: an update, a withdrawal, a reminder): nothing is
   * written, and a retried batch publishes to all of it again (same envelope ids: devices drop
   * the repeats).
   */
  statusRow?(recipient: BatchRecipient, outcome: Outcome): Record<string, unknown>;
  /** Of these recipients, those whose delivery row already says delivered (with `statusRow`). */
  delivered?(recipients: readonly BatchRecipient[]): Promise<Set<string>>;
  /**
   * Runs once a batch's delivery rows are written (with `statusRow`): what counts them may count
   * again (a notification's report fact, decision 0087). A throw fails the record, which comes back.
   */
  recorded?(): Promise<void>;
}

/** What a module registers for each kind of message it sends through the queue. */
export interface DeliveryKind {
  /** The message, or null when it is gone (deleted meanwhile): its batches are dropped. */
  load(orgId: string, id: string): Promise<DeliveryMessage | null>;
}

const kinds = new Map<string, DeliveryKind>();

/** Registered by the module's delivery entry (and the local runtime through it). */
export function registerDeliveryKind(kind: string, definition: DeliveryKind): void {
  kinds.set(kind, definition);
}

export interface BatchOptions {
  /** The batch was received before (a retry): skip recipients already delivered. */
  redelivered: boolean;
  pace?: () => Promise<void>;
  /**
   * Messages loaded for the other batches of the same event: the batches of one send come
   * together (ten locally, up to five on AWS) and need the message read once, not once each.
   */
  loaded?: Map<string, Promise<DeliveryMessage | null>>;
}

export interface BatchResult {
  /** The message was gone: nothing published. */
  dropped: boolean;
  delivered: number;
  failed: number;
  /** Delivered by an earlier attempt. */
  skipped: number;
}

/** A batch published, its rows not yet written: `record()` writes them. */
export interface PublishedBatch {
  result: BatchResult;
  record(): Promise<void>;
}

const nothingToRecord = async () => undefined;

/** Loads the message, skips the already delivered on a retry, publishes; writes nothing yet. */
export async function publishBatch(batch: DeliveryBatch, options: BatchOptions): Promise<PublishedBatch> {
  const kind = kinds.get(batch.message.kind);
  if (!kind) throw new Error(`No delivery kind '${batch.message.kind}' is registered (registerDeliveryKind in the module's delivery entry)`);
  const key = `${batch.message.kind}\u0000${batch.orgId}\u0000${batch.message.id}`;
  let loading = options.loaded?.get(key);
  if (!loading) {
    loading = kind.load(batch.orgId, batch.message.id);
    options.loaded?.set(key, loading);
  }
  const message = await loading;
  if (!message) return { result: { dropped: true, delivered: 0, failed: 0, skipped: 0 }, record: nothingToRecord };
  let recipients = batch.recipients;
  if (options.redelivered && message.delivered) {
    const done = await message.delivered(recipients);
    recipients = recipients.filter((r) => !done.has(r.userId));
  }
  const statusRow = message.statusRow?.bind(message);
  const plan = {
    recipients,
    message: (r: BatchRecipient) => message.message(r),
    statusRow: (r: BatchRecipient, outcome: Outcome) => statusRow!(r, outcome),
    ...(options.pace ? { pace: options.pace } : {}),
  };
  const published = await publishToAll(plan);
  return {
    result: { dropped: false, delivered: published.delivered, failed: published.failed.length, skipped: batch.recipients.length - recipients.length },
    record: statusRow
      ? async () => {
          await writeStatusRows(plan, published);
          await message.recorded?.();
        }
      : nothingToRecord,
  };
}

/** What a module runs for a job of one kind (decision 0039); a throw reports the job failed, and it comes back. */
export type QueueJobRun = (orgId: string, payload: unknown) => Promise<void>;

const jobs = new Map<string, QueueJobRun>();
/** Jobs are per module: the local runtime loads every module's delivery function into one process. */
const jobKey = (module: string, kind: string) => `${module}\u0000${kind}`;

/**
 * Registered by the module's delivery entry: what its delivery function runs for a job of `kind`
 * that `enqueueJob(orgId, module, kind, payload)` queued. A job may run more than once (a retry
 * after a failure, SQS's at-least-once delivery): `run` must be idempotent.
 */
export function registerQueueJob(module: ModuleName, kind: string, run: QueueJobRun): void {
  jobs.set(jobKey(module, kind), run);
}

/** Runs one job with what its module registered. */
export async function runQueueJob(job: QueueJob): Promise<void> {
  const run = jobs.get(jobKey(job.module, job.kind));
  if (!run) throw new Error(`No queue job '${job.kind}' is registered for ${job.module} (registerQueueJob in the module's delivery entry)`);
  await run(job.orgId, job.payload);
}

const jobDone: PublishedBatch = { result: { dropped: false, delivered: 0, failed: 0, skipped: 0 }, record: nothingToRecord };

/** One batch: publishes, then its rows. */
export async function consumeBatch(batch: DeliveryBatch, options: BatchOptions): Promise<BatchResult> {
  const published = await publishBatch(batch, options);
  await published.record();
  return published.result;
}

/** The longest a failed record waits before it comes back. */
const MAX_RETRY_DELAY_SECONDS = 60;

/**
 * Seconds a record that failed on its `receiveCount`th receive waits before it comes back: 2, 4, 8,
 * 16, 32, then 60. An action step's deadline is seconds away (decision 0054); the queue's visibility
 * timeout (6 × the function's timeout) would hold it six minutes.
 */
export function retryDelaySeconds(receiveCount: number): number {
  const receives = Number.isFinite(receiveCount) && receiveCount >= 1 ? Math.floor(receiveCount) : 1;
  return Math.min(2 ** receives, MAX_RETRY_DELAY_SECONDS);
}

/**
 * Brings a failed record back after `retryDelaySeconds` rather than the visibility timeout. If that
 * fails (no such call, no right), it is logged: the record still comes back, after the timeout.
 */
async function retrySoon(record: SQSRecord): Promise<void> {
  const seconds = retryDelaySeconds(Number(record.attributes?.ApproximateReceiveCount ?? 1));
  try {
    await retryDeliveryAfter({ eventSourceARN: record.eventSourceARN, receiptHandle: record.receiptHandle }, seconds);
  } catch (error) {
    logger.warn('Failed delivery record keeps the visibility timeout', { messageId: record.messageId, error: (error as Error).message });
  }
}

/** DELIVERY_PUBLISHES_PER_SECOND: this consumer's share of IoT Core's account limit (CDK sets it); unset, unpaced. */
export const PUBLISH_RATE_ENV = 'DELIVERY_PUBLISHES_PER_SECOND';

/**
 * The delivery Lambda's handler (an SQS event source with ReportBatchItemFailures): each record is
 * one batch, or one job (decision 0039). A record with a failed publish, a failed job, or that
 * failed as a whole, is reported in
 * `batchItemFailures` and comes back after a few seconds (its visibility shortened, backing off by its
 * receive count), else after the visibility timeout; after the queue's maxReceiveCount it moves to
 * the dead-letter queue. One pacer per instance, shared by its records.
 */
export function createDeliveryHandler(): (event: SQSEvent) => Promise<SQSBatchResponse> {
  let pace: (() => Promise<void>) | undefined;
  let paceRate: number | undefined;
  const pacer = () => {
    const rate = Number(process.env[PUBLISH_RATE_ENV] ?? 0);
    if (rate !== paceRate) {
      paceRate = rate;
      pace = rate > 0 ? createPacer(rate) : undefined;
    }
    return pace;
  };
  return async (event) => {
    const currentPace = pacer();
    const loaded = new Map<string, Promise<DeliveryMessage | null>>();
    const failedRecord = (record: SQSRecord, error: unknown) => {
      logger.error('Delivery record failed', { messageId: record.messageId, error: (error as Error).message });
      return true;
    };
    // Every record's publishes first, side by side through the instance's one pacer; then the rows
    // of all of them: row writes never take CPU or sockets from a publish of the same invocation.
    const published = await Promise.all(
      event.Records.map((record) =>
        Promise.resolve()
          .then(() => {
            const decoded = decodeRecord(record.body);
            // A job runs whole in this first pass; it has no rows to write after.
            if ('job' in decoded) return runQueueJob(decoded.job).then(() => jobDone);
            return publishBatch(decoded.batch, {
              redelivered: Number(record.attributes?.ApproximateReceiveCount ?? 1) > 1,
              loaded,
              ...(currentPace ? { pace: currentPace } : {}),
            });
          })
          .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      ),
    );
    const failed = await Promise.all(
      published.map(async (outcome, index) => {
        const record = event.Records[index]!;
        if (outcome instanceof Error) return failedRecord(record, outcome);
        try {
          await outcome.record();
          return outcome.result.failed > 0;
        } catch (error) {
          return failedRecord(record, error);
        }
      }),
    );
    const failures = event.Records.filter((_, index) => failed[index]);
    await Promise.all(failures.map(retrySoon));
    return { batchItemFailures: failures.map((record) => ({ itemIdentifier: record.messageId })) };
  };
}
