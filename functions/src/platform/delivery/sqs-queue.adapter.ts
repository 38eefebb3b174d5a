import type { SendMessageBatchRequestEntry, SQSClient } from '@aws-sdk/client-sqs';
import { env } from '../config.ts';
import { backoffMs } from './batch-writer.ts';
import type { DeliveryQueueAdapter } from './delivery-queue.ts';
import { encodeBatch, encodeJob, MAX_DELAY_SECONDS, type DeliveryBatch, type DeliveryQueue, type QueueJob, type ReceivedMessage } from './delivery-queue.port.ts';

/** SendMessageBatch takes at most 10 entries and 256 KiB of bodies per call. */
export const MAX_ENTRIES_PER_CALL = 10;
export const MAX_BYTES_PER_CALL = 262_144;
/** Calls in flight: a 500,000-recipient send is 100 calls. */
const CALL_CONCURRENCY = 8;
/** Attempts for entries SQS reports as failed (throttled, internal) before the send fails. */
const MAX_ATTEMPTS = 4;

/** The queue of a module's delivery function, e.g. DELIVERY_QUEUE_URL_NOTIFICATIONS (CDK sets it). */
export const deliveryQueueUrlVariable = (module: string) => `DELIVERY_QUEUE_URL_${module.toUpperCase()}`;

/** A queue message to send: its body, and the seconds it waits before it can be received (none: at once). */
export interface OutgoingMessage {
  body: string;
  delaySeconds?: number;
}

/**
 * Entries for SendMessageBatch calls: at most 10 a call and 256 KiB of bodies, in order; a delayed
 * message carries its own DelaySeconds (0 to 900).
 */
export function packEntries(messages: ReadonlyArray<string | OutgoingMessage>): SendMessageBatchRequestEntry[][] {
  const calls: SendMessageBatchRequestEntry[][] = [];
  let current: SendMessageBatchRequestEntry[] = [];
  let bytes = 0;
  messages.forEach((message) => {
    const { body, delaySeconds } = typeof message === 'string' ? { body: message, delaySeconds: undefined } : message;
    if (delaySeconds !== undefined && !(Number.isInteger(delaySeconds) && delaySeconds >= 0 && delaySeconds <= MAX_DELAY_SECONDS)) {
      throw new Error(`DelaySeconds must be a whole number from 0 to ${MAX_DELAY_SECONDS}, got ${delaySeconds}`);
    }
    const size = Buffer.byteLength(body, 'utf8');
    if (size > MAX_BYTES_PER_CALL) throw new Error(`A queue message of ${size} bytes exceeds SQS's ${MAX_BYTES_PER_CALL}`);
    if (current.length === MAX_ENTRIES_PER_CALL || bytes + size > MAX_BYTES_PER_CALL) {
      calls.push(current);
      current = [];
      bytes = 0;
    }
    current.push({ Id: String(current.length), MessageBody: body, ...(delaySeconds !== undefined ? { DelaySeconds: delaySeconds } : {}) });
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

/**
 * The URL of the delivery queue an event source ARN names (`arn:aws:sqs:<region>:<account>:<name>`),
 * among the DELIVERY_QUEUE_URL_<MODULE> variables (`…/<account>/<name>`); undefined when none does.
 */
export function queueUrlOfArn(arn: string, variables: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const [prefix, partition, service, , account, name] = arn.split(':');
  if (prefix !== 'arn' || !partition || service !== 'sqs' || !account || !name) return undefined;
  return Object.entries(variables).find(([key, url]) => {
    if (!key.startsWith('DELIVERY_QUEUE_URL_') || !url) return false;
    const path = url.replace(/\/+$/, '').split('/');
    return path.at(-1) === name && path.at(-2) === account;
  })?.[1];
}

function queueUrlFromEnv(module: string): string {
  const value = process.env[deliveryQueueUrlVariable(module)];
  if (!value) throw new Error(`Missing environment variable ${deliveryQueueUrlVariable(module)}`);
  return value;
}

/**
 * AWS adapter: each batch, and each job, one SQS message on its module's delivery queue (a delayed
 * job with its DelaySeconds). Entries SQS reports as failed are sent again with backoff; if some
 * still fail, the enqueue fails (the caller decides). A delivery function's failed record is brought
 * back early with ChangeMessageVisibility on the queue its event source names (`retryAfter`).
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
  async function sendAll(messages: ReadonlyArray<{ module: string } & OutgoingMessage>, what: string): Promise<void> {
    const byModule = new Map<string, OutgoingMessage[]>();
    for (const { module, ...message } of messages) {
      const bodies = byModule.get(module) ?? [];
      bodies.push(message);
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
    enqueueJobs: (jobs: readonly QueueJob[]) =>
      sendAll(
        jobs.map((job) => ({ module: job.module, body: encodeJob(job), ...(job.delaySeconds !== undefined ? { delaySeconds: job.delaySeconds } : {}) })),
        'queue jobs',
      ),
    async retryAfter({ eventSourceARN, receiptHandle }: ReceivedMessage, seconds: number) {
      const QueueUrl = queueUrlOfArn(eventSourceARN);
      if (!QueueUrl) throw new Error(`No DELIVERY_QUEUE_URL_<MODULE> names the queue ${eventSourceARN}`);
      const { SQSClient, ChangeMessageVisibilityCommand } = await loadSqs();
      const sqs = (client ??= new SQSClient({ region: env.region }));
      await sqs.send(new ChangeMessageVisibilityCommand({ QueueUrl, ReceiptHandle: receiptHandle, VisibilityTimeout: seconds }));
    },
  };
}

/** The AWS adapter as a sending Lambda entry registers it (`registerDeliveryQueueAdapter(sqsDeliveryQueue)`). */
export const sqsDeliveryQueue: DeliveryQueueAdapter = { kind: 'sqs', create: () => createSqsDeliveryQueue() };
