import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { env } from '../config.ts';
import { documentClient } from '../db/client.ts';

/**
 * BatchWriteItem for rows that come by the thousand (per-recipient status rows, docs/data-model.md
 * §5): 25 requests per call, several calls in flight, and whatever DynamoDB leaves unprocessed
 * (throttling) sent again with exponential backoff and full jitter (50 ms base, ×2, cap 2 s) until
 * nothing is left. Requests can be added while earlier ones are written.
 */
export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

type Send = (input: BatchWriteCommandInput) => Promise<{ UnprocessedItems?: Record<string, unknown[]> }>;

export interface BatchWriterOptions {
  /** Batches in flight. */
  concurrency?: number;
  /** Attempts of one batch before giving up (each retry waits up to 2 s). */
  maxAttempts?: number;
  send?: Send;
  tableName?: string;
  sleep?: (ms: number) => Promise<void>;
}

export const BATCH_SIZE = 25;
const BASE_DELAY_MS = 50;
const MAX_DELAY_MS = 2_000;

export const backoffMs = (attempt: number, random = Math.random) => random() * Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (attempt - 1));

const defaultSend: Send = (input) => documentClient.send(new BatchWriteCommand(input)) as ReturnType<Send>;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface BatchWriter {
  add(request: WriteRequest): void;
  /**
   * Resolves once less than a batch waits to be sent: a producer that builds requests as it goes
   * awaits it after each batch's worth, so it builds no more than the writer can send.
   */
  hungry(): Promise<void>;
  /** Writes what is left and resolves when every request is written; rejects on the first failure. */
  done(): Promise<void>;
}

export function createBatchWriter(options: BatchWriterOptions = {}): BatchWriter {
  const concurrency = options.concurrency ?? 16;
  const maxAttempts = options.maxAttempts ?? 20;
  const send = options.send ?? defaultSend;
  const sleep = options.sleep ?? defaultSleep;
  const table = options.tableName ?? env.tableName;
  const queue: WriteRequest[] = [];
  let inFlight = 0;
  let closed = false;
  let failure: unknown;
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  let feeders: Array<() => void> = [];

  async function write(batch: WriteRequest[]): Promise<void> {
    let pending: unknown[] = batch;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) {
        if (attempt >= maxAttempts) throw new Error(`${pending.length} rows stayed unprocessed after ${maxAttempts} attempts`);
        await sleep(backoffMs(attempt));
      }
      const output = await send({ RequestItems: { [table]: pending as WriteRequest[] } });
      pending = output.UnprocessedItems?.[table] ?? [];
    }
  }

  function pump(): void {
    while (!failure && inFlight < concurrency && (queue.length >= BATCH_SIZE || (closed && queue.length > 0))) {
      const batch = queue.splice(0, BATCH_SIZE);
      inFlight++;
      write(batch)
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => {
          inFlight--;
          pump();
        });
    }
    // Fed when there is room, or when a failure means nothing more will be sent (done() rejects).
    if (feeders.length && (queue.length < BATCH_SIZE || failure)) {
      const waiting = feeders;
      feeders = [];
      waiting.forEach((resume) => resume());
    }
    if (!settle || !closed) return;
    if (failure && inFlight === 0) settle.reject(failure);
    else if (!failure && inFlight === 0 && queue.length === 0) settle.resolve();
  }

  return {
    add(request) {
      if (closed) throw new Error('The batch writer is closed');
      queue.push(request);
      pump();
    },
    hungry() {
      if (queue.length < BATCH_SIZE || failure) return Promise.resolve();
      return new Promise<void>((resume) => feeders.push(resume));
    },
    done() {
      closed = true;
      return new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
        pump();
      });
    },
  };
}

/** Writes all requests (see createBatchWriter). */
export async function batchWriteAll(requests: WriteRequest[], options?: BatchWriterOptions): Promise<void> {
  const writer = createBatchWriter(options);
  for (const request of requests) writer.add(request);
  await writer.done();
}
