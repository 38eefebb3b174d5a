import { hash } from 'node:crypto';
import { logger } from '../logger.ts';
import { createBatchWriter, type BatchWriterOptions } from './batch-writer.ts';
import { publishConcurrency, publish as publishQos1 } from './delivery.ts';

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
  outcomes: Outcome[];
}

/** The publishes of a plan, with bounded concurrency; nothing is written. */
export async function publishToAll<R extends FanOutRecipient>(plan: FanOutPlan<R>): Promise<Published<R>> {
  const publish = plan.publish ?? ((topic: string, payload: string) => publishQos1(topic, payload, { retain: false }));
  const failed: R[] = [];
  const outcomes: Outcome[] = new Array(plan.recipients.length);
  let next = 0;
  let delivered = 0;
  const worker = async () => {
    while (next < plan.recipients.length) {
      const index = next++;
      const recipient = plan.recipients[index]!;
      const { topic, payload } = plan.message(recipient);
      let ok = true;
      try {
        if (plan.pace) await plan.pace();
        await publish(topic, payload);
        delivered++;
      } catch (error) {
        ok = false;
        failed.push(recipient);
        if (failed.length === 1) logger.warn('Publish failed', { topic, error: (error as Error).message });
      }
      outcomes[index] = { delivered: ok, at: new Date() };
    }
  };
  const concurrency = plan.publishConcurrency ?? (plan.publish ? DEFAULT_PUBLISH_CONCURRENCY : await publishConcurrency());
  const workers = Math.min(concurrency, plan.recipients.length);
  await Promise.all(Array.from({ length: workers }, worker));
  return { delivered, failed, outcomes };
}

/** Each recipient's status row with what happened to its publish, batch-written. */
export async function writeStatusRows<R extends FanOutRecipient>(plan: FanOutPlan<R>, published: Published<R>): Promise<void> {
  const writer = createBatchWriter(plan.writer);
  plan.recipients.forEach((recipient, index) => writer.add({ PutRequest: { Item: plan.statusRow(recipient, published.outcomes[index]!) } }));
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
