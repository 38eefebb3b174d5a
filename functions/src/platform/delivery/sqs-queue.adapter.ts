import type { SendMessageBatchRequestEntry, SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../config.ts';
import { backoffMs } from './batch-writer.ts';
import type { DeliveryQueueAdapter } from './delivery-queue.ts';
import { encodeBatch, encodeJob, type DeliveryBatch, type DeliveryQueue, type QueueJob } from './delivery-queue.port.ts';

/** SendMessageBatch takes at most 10 entries and 256 KiB of bodies per call. */
export const MAX_ENTRIES_PER_CALL = 10;
export const MAX_BYTES_PER_CALL = 262_144;
/** Calls in flight: a 500,000-recipient send is 100 calls. */
const CALL_CONCURRENCY = 8;
/** Attempts for entries SQS reports as failed (throttled, internal) before the send fails. */
const MAX_ATTEMPTS = 4;

/** The queue of a module's delivery function, e.g. DELIVERY_QUEUE_URL_NOTIFICATIONS (CDK sets it). */
export const deliveryQueueUrlVariable = (module: string) => `DELIVERY_QUEUE_URL_${module.toUpperCase()}`;

/** Entries for SendMessageBatch calls: at most 10 a call and 256 KiB of bodies, in order. */
export function packEntries(bodies: readonly string[]): SendMessageBatchRequestEntry[][] {
  const calls: SendMessageBatchRequestEntry[][] = [];
  let current: SendMessageBatchRequestEntry[] = [];
  let bytes = 0;
  bodies.forEach((body) => {
    const size = Buffer.byteLength(body, 'utf8');
    if (size > MAX_BYTES_PER_CALL) throw new Error(`A queue message of ${size} bytes exceeds SQS's ${MAX_BYTES_PER_CALL}`);
    if (current.length === MAX_ENTRIES_PER_CALL || bytes + size > MAX_BYTES_PER_CALL) {
      calls.push(current);
      current = [];
      bytes = 0;
    }
    current.push({ Id: String(current.length), MessageBody: body });
    bytes += size;
  });
  if (current.length) calls.push(current);
  return calls;
}

export interface SqsDeliveryQueueOptions {
  client?: SQSClient;
  queueUrl?: (module: string) => string;
  sleep?: (ms: number) => Promise<void>;
}

let sqsSdk: Promise<typeof import('@aws-sdk/client-sqs')> | undefined;
/** The SQS SDK, evaluated on the first send: most requests of a sending function queue nothing (docs/performance.md, "Cold start"). */
const loadSqs = () => (sqsSdk ??= import('@aws-sdk/client-sqs'));

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function queueUrlFromEnv(module: string): string {
  const value = process.env[deliveryQueueUrlVariable(module)];
  if (!value) throw new Error(`Missing environment variable ${deliveryQueueUrlVariable(module)}`);
  return value;
}

/**
 * AWS adapter: each batch, and each job, one SQS message on its module's delivery queue. Entries
 * SQS reports as failed are sent again with backoff; if some still fail, the enqueue fails (the
 * caller decides).
 */
export function createSqsDeliveryQueue(options: SqsDeliveryQueueOptions = {}): Required<DeliveryQueue> {
  let client = options.client;
  const queueUrlOf = options.queueUrl ?? queueUrlFromEnv;
  const sleep = options.sleep ?? defaultSleep;

  /** `what` names the entries in the error when some still fail: 'delivery batches' or 'queue jobs'. */
  async function send(QueueUrl: string, entries: SendMessageBatchRequestEntry[], what: string): Promise<void> {
    const { SQSClient, SendMessageBatchCommand } = await loadSqs();
    const sqs = (client ??= new SQSClient({ region: env.region }));
    let pending = entries;
    for (let attempt = 1; pending.length; attempt++) {
      if (attempt > 1) {
        if (attempt > MAX_ATTEMPTS) throw new Error(`${pending.length} ${what} were not queued: ${pending.map((e) => e.Id).join(', ')}`);
        await sleep(backoffMs(attempt - 1));
      }
      const output = await sqs.send(new SendMessageBatchCommand({ QueueUrl, Entries: pending }));
      const failed = new Set((output.Failed ?? []).map((f) => f.Id));
      pending = pending.filter((entry) => failed.has(entry.Id));
    }
  }

  /** Bodies to their module's queue, packed into SendMessageBatch calls, at most CALL_CONCURRENCY at once. */
  async function sendAll(messages: ReadonlyArray<{ module: string; body: string }>, what: string): Promise<void> {
    const byModule = new Map<string, string[]>();
    for (const { module, body } of messages) {
      const bodies = byModule.get(module) ?? [];
      bodies.push(body);
      byModule.set(module, bodies);
    }
    const calls = [...byModule].flatMap(([module, bodies]) => packEntries(bodies).map((entries) => ({ url: queueUrlOf(module), entries })));
    let next = 0;
    const worker = async () => {
      while (next < calls.length) {
        const call = calls[next++]!;
        await send(call.url, call.entries, what);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CALL_CONCURRENCY, calls.length) }, worker));
  }

  return {
    enqueue: (batches: readonly DeliveryBatch[]) => sendAll(batches.map((batch) => ({ module: batch.message.module, body: encodeBatch(batch) })), 'delivery batches'),
    enqueueJobs: (jobs: readonly QueueJob[]) => sendAll(jobs.map((job) => ({ module: job.module, body: encodeJob(job) })), 'queue jobs'),
  };
}

/** The AWS adapter as a sending Lambda entry registers it (`registerDeliveryQueueAdapter(sqsDeliveryQueue)`). */
export const sqsDeliveryQueue: DeliveryQueueAdapter = { kind: 'sqs', create: () => createSqsDeliveryQueue() };
