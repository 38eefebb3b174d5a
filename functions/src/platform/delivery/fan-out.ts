import { hash } from 'node:crypto';
import { logger } from '../logger.ts';
import { BATCH_SIZE, createBatchWriter, type BatchWriterOptions } from './batch-writer.ts';
import { qos1Publisher } from './delivery.ts';

/**
 * One message per recipient, the shared delivery of notifications, actions and tasks
 * (decision 0008). Publishes run first, with bounded concurrency, and never wait on the database;
 * then each recipient's status row is batch-written with what happened to its publish (delivered
 * or not). Writing while publishing was measured slower for the watches: both compete for the
 * same CPU, and the rows are not needed before the publishes (receipts have rows of their own).
 */
export interface FanOutRecipient {
  userId: string;
}

export interface Outcome {
  delivered: boolean;
  at: Date;
}

export interface FanOutPlan<R extends FanOutRecipient> {
  recipients: readonly R[];
  message: (recipient: R) => { topic: string; payload: string };
  /** The full table item of the recipient's status row. */
  statusRow: (recipient: R, outcome: Outcome) => Record<string, unknown>;
  /** Publishes in flight (default: what the configured delivery adapter takes). */
  publishConcurrency?: number;
  writer?: BatchWriterOptions;
  /** Defaults to the delivery port (QoS 1, not retained). */
  publish?: (topic: string, payload: string) => Promise<void>;
  /** Awaited before each publish: the delivery consumer's pacer keeps it under IoT Core's account limit. */
  pace?: () => Promise<void>;
}

export interface FanOutResult<R> {
  delivered: number;
  failed: R[];
}

export const DEFAULT_PUBLISH_CONCURRENCY = 200;

/** What the publishes did, before any row is written (`writeStatusRows` records it). */
export interface Published<R> extends FanOutResult<R> {
  /** What happened to the publish of `plan.recipients[index]`. */
  outcome(index: number): Outcome;
}

/**
 * The publishes of a plan, with bounded concurrency; nothing is written. Per recipient only its
 * message and the publish: the outcome is kept as a flag and a time stamp in typed arrays and
 * becomes an object when its row is written, after the last publish.
 */
export async function publishToAll<R extends FanOutRecipient>(plan: FanOutPlan<R>): Promise<Published<R>> {
  const count = plan.recipients.length;
  const port = plan.publish ? { publish: plan.publish, maxInFlight: DEFAULT_PUBLISH_CONCURRENCY } : await qos1Publisher({ retain: false });
  const publish = port.publish;
  const pace = plan.pace;
  const failed: R[] = [];
  const ok = new Uint8Array(count);
  const at = new Float64Array(count);
  let next = 0;
  let delivered = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const recipient = plan.recipients[index]!;
      const { topic, payload } = plan.message(recipient);
      try {
        if (pace) await pace();
        await publish(topic, payload);
        delivered++;
        ok[index] = 1;
      } catch (error) {
        failed.push(recipient);
        if (failed.length === 1) logger.warn('Publish failed', { topic, error: (error as Error).message });
      }
      at[index] = Date.now();
    }
  };
  const workers = Math.min(plan.publishConcurrency ?? port.maxInFlight, count);
  await Promise.all(Array.from({ length: workers }, worker));
  return { delivered, failed, outcome: (index) => ({ delivered: ok[index] === 1, at: new Date(at[index]!) }) };
}

/**
 * Each recipient's status row with what happened to its publish, batch-written. Rows are built as
 * the writer takes them, a batch at a time, not all at once: one synchronous loop over 5,000 rows
 * and the first sends held up, for a quarter to half a second, the broker's last deliveries when
 * both run in one process (the local runtime; docs/performance.md, fan-out).
 */
export async function writeStatusRows<R extends FanOutRecipient>(plan: FanOutPlan<R>, published: Published<R>): Promise<void> {
  const writer = createBatchWriter(plan.writer);
  for (let index = 0; index < plan.recipients.length; index++) {
    writer.add({ PutRequest: { Item: plan.statusRow(plan.recipients[index]!, published.outcome(index)) } });
    if ((index + 1) % BATCH_SIZE === 0) await writer.hungry();
  }
  await writer.done();
  if (published.failed.length) logger.warn('Fan-out finished with undelivered recipients', { failed: published.failed.length, delivered: published.delivered });
}

export async function fanOut<R extends FanOutRecipient>(plan: FanOutPlan<R>): Promise<FanOutResult<R>> {
  const published = await publishToAll(plan);
  await writeStatusRows(plan, published);
  return { delivered: published.delivered, failed: published.failed };
}

/**
 * The envelope id of one message to one user: unique per message, and the same when the same
 * message is delivered again (a retried firing), so the device drops the repeat.
 */
export function messageIdFor(...parts: string[]): string {
  // The one-shot hash: a twentieth of createHash's cost, which a 5,000-recipient send pays before its publishes.
  const hex = hash('sha256', parts.join('\u0000'), 'hex');
  // Shaped like a UUID (version nibble 5, RFC 4122 variant), as the device protocol describes ids.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
