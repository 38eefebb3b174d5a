import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { DeliveryQueue } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { encodeBatch, encodeJob, type DeliveryBatch, type QueueJob } from '../../functions/src/platform/delivery/delivery-queue.port.ts';
import { createFileJournal } from './file-journal.ts';
import { logger } from './log.ts';

export type DeliveryHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

export interface InProcessQueueOptions {
  /** The module's delivery function (functions/src/<module>/delivery.handler.ts), as SQS invokes it. */
  loadHandler(module: string): Promise<DeliveryHandler>;
  /**
   * Events in flight per module: each module has its own lane, as each has its own SQS queue and
   * event source on AWS, so one module's backlog (a burst of sends after a restart) holds up no
   * other's records (an action's step time-out; docs/reliability.md, Open 13). Two, the event
   * source's least maxConcurrency: five modules' lanes, ten events at most, on two cores.
   */
  concurrency?: number;
  /**
   * Batches per event (the event source's batch size): the consumer publishes all of an event's
   * batches before writing any rows, so a 5,000-recipient send goes out in one go.
   */
  recordsPerEvent?: number;
  /** Receives of a batch before it counts as dead (the SQS queue's maxReceiveCount). */
  maxReceives?: number;
  /**
   * Wait before a failed batch comes back the first time, doubled for each receive after (the
   * visibility timeout, shortened): by default 4, 8, 16 and 32 s, so the five receives span a minute
   * and outlast a restart of DynamoDB Local, which takes up to half a minute on a loaded machine
   * (docs/reliability.md, Open, 7). On AWS the delivery consumer shortens a failed record's
   * visibility timeout the same way from 2 s (`retryDelaySeconds`: 2, 4, 8, 16 s); the in-process
   * queue has no `retryAfter` and brings a failure back by itself.
   */
  retryDelayMs?: number;
  /**
   * Where every record waits until it is delivered or buried, one file each (the runtime's
   * `DATA_DIR/delivery-queue`): a queue created on it again (the next start, also after a kill)
   * takes up what it finds, a delayed job at its due time, as SQS keeps its messages. A record
   * whose delivery was under way is delivered again (at least once, as on SQS). Without it, the
   * queue lives in memory only.
   */
  journalDir?: string;
}

export interface InProcessDeliveryQueue extends Required<Omit<DeliveryQueue, 'retryAfter'>> {
  /** Resolves when nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void>;
  /** Batches and jobs that failed maxReceives times (what the dead-letter queue holds on AWS). */
  readonly deadLetters: ReadonlyArray<DeliveryBatch | QueueJob>;
  /** Drops what waits for a retry or its delay and stops taking batches (runtime shutdown). */
  stop(): void;
  /**
   * Keeps what is queued from now on waiting until the returned release is called (holds nest).
   * The seed's live day (seed-live-actions.ts) writes this morning at its own clock meanwhile: a
   * firing's items before the firing's jobs run (they then find them sent, as a retried job
   * would), and the answers before the steps' queued time-outs fire at the real clock.
   */
  hold(): () => void;
}

interface Message {
  id: string;
  /** When it may be received (its DelaySeconds passed), epoch ms. */
  dueAt: number;
  module: string;
  /** The SQS message body: a batch or a job (delivery-queue.port.ts). */
  body: string;
  /** What it carries, for the dead letters and the log. */
  content: DeliveryBatch | QueueJob;
  receives: number;
}

const describeContent = (content: DeliveryBatch | QueueJob) => ('message' in content ? `${content.message.kind} ${content.message.id}` : `job ${content.kind}`);

/** An SQS record as the event source delivers it: the delivery handler reads body, messageId and the receive count. */
function recordOf(message: Message): SQSRecord {
  return {
    messageId: message.id,
    receiptHandle: message.id,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receives),
      SentTimestamp: String(Date.now()),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${message.module}-delivery`,
    awsRegion: 'local',
  };
}

/**
 * The delivery queue port in the local runtime: batches and jobs wait in memory and go to the
 * module's delivery handler as SQS records, several per event, as the SQS event source hands them
 * to the delivery Lambda on AWS; a job with `delaySeconds` is held that long first (SQS's
 * DelaySeconds: a short action step's time-out, decision 0054); a reported failure comes back after
 * `retryDelayMs`, doubled with each receive, up to `maxReceives` times, then counts as a dead
 * letter. With `journalDir` every record is also a file until it is done, so a restart or a SIGKILL loses none (docs/reliability.md).
 */
export function createInProcessDeliveryQueue(options: InProcessQueueOptions): InProcessDeliveryQueue {
  const concurrency = options.concurrency ?? 2;
  const recordsPerEvent = options.recordsPerEvent ?? 10;
  const maxReceives = options.maxReceives ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 4_000;
  const waiting: Message[] = [];
  const deadLetters: Array<DeliveryBatch | QueueJob> = [];
  const retries = new Set<NodeJS.Timeout>();
  /** Jobs waiting out their DelaySeconds (a short action step): not work in flight, so idle() does not wait for them. */
  const delayed = new Set<NodeJS.Timeout>();
  const journal = options.journalDir ? createFileJournal<Message>(options.journalDir) : undefined;
  const remember = (message: Message) => journal?.remember(message.id, { ...message, receives: 0 });
  const forget = (message: Message) => journal?.forget(message.id);
  let inFlight = 0;
  const inFlightOf = new Map<string, number>();
  let stopped = false;
  let holds = 0;
  let idleWaiters: Array<() => void> = [];

  const settleIdle = () => {
    if (waiting.length || inFlight || retries.size) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  };

  function retryOrBury(message: Message): void {
    if (stopped) return;
    if (message.receives >= maxReceives) {
      deadLetters.push(message.content);
      forget(message);
      logger.error(`Delivery record ${message.id} (${describeContent(message.content)}) failed ${message.receives} times; given up`);
      return;
    }
    const timer = setTimeout(() => {
      retries.delete(timer);
      waiting.push(message);
      pump();
    }, retryDelayMs * 2 ** Math.max(0, message.receives - 1));
    retries.add(timer);
  }

  /** One event of up to `recordsPerEvent` records of one module, as the event source batches them. */
  async function deliver(messages: Message[]): Promise<void> {
    for (const message of messages) message.receives++;
    let failed = new Set(messages.map((m) => m.id));
    try {
      const handler = await options.loadHandler(messages[0]!.module);
      const response = await handler({ Records: messages.map(recordOf) });
      failed = new Set(response.batchItemFailures.map((failure) => failure.itemIdentifier));
    } catch (error) {
      logger.error(`Delivery of ${messages.length} record(s) failed: ${(error as Error).message}`);
    }
    // Stopped meanwhile (runtime shutdown): the journal keeps them all for the next start.
    if (stopped) return;
    messages.filter((m) => !failed.has(m.id)).forEach(forget);
    messages.filter((m) => failed.has(m.id)).forEach(retryOrBury);
  }

  /** Starts an event for every module with a free lane, its oldest records first (each lane in order). */
  function pump(): void {
    for (let start = 0; !stopped && !holds && start < waiting.length; ) {
      const module = waiting[start]!.module;
      if ((inFlightOf.get(module) ?? 0) >= concurrency) {
        start++;
        continue;
      }
      const group: Message[] = [];
      for (let i = start; i < waiting.length && group.length < recordsPerEvent; ) {
        if (waiting[i]!.module === module) group.push(...waiting.splice(i, 1));
        else i++;
      }
      inFlight++;
      inFlightOf.set(module, (inFlightOf.get(module) ?? 0) + 1);
      void deliver(group).finally(() => {
        inFlight--;
        inFlightOf.set(module, inFlightOf.get(module)! - 1);
        pump();
      });
    }
    settleIdle();
  }

  /** Waiting from its due time on: a delayed one held until then (SQS's DelaySeconds). */
  function accept(message: Message): void {
    const delayMs = message.dueAt - Date.now();
    if (delayMs > 0) {
      // Unref'd, and cleared by stop(): a stopped runtime neither waits for it nor has it fire into a stopped queue.
      const timer = setTimeout(() => {
        delayed.delete(timer);
        if (!stopped) accept({ ...message, dueAt: 0 });
      }, delayMs);
      timer.unref();
      delayed.add(timer);
      return;
    }
    waiting.push(message);
    // Like SQS: the sender is answered once the records are queued, not delivered.
    setImmediate(pump);
  }

  function put(messages: Array<Omit<Message, 'id' | 'receives' | 'dueAt'>>, delaySeconds = 0): void {
    if (stopped) throw new Error('The delivery queue is stopped');
    for (const content of messages) {
      const message: Message = { ...content, id: randomUUID(), receives: 0, dueAt: delaySeconds > 0 ? Date.now() + delaySeconds * 1000 : 0 };
      remember(message);
      accept(message);
    }
  }

  // What an earlier queue on the same journal left (a restart, a kill): taken up again.
  // A file cut short by the kill is dropped: its put never answered the sender.
  for (const { record } of journal?.left() ?? []) accept({ ...record, receives: 0 });

  return {
    async enqueue(batches) {
      put(batches.map((batch) => ({ module: batch.message.module, body: encodeBatch(batch), content: batch })));
    },
    async enqueueJobs(jobs) {
      const now = jobs.filter((job) => !job.delaySeconds);
      if (now.length) put(now.map((job) => ({ module: job.module, body: encodeJob(job), content: job })));
      for (const job of jobs) if (job.delaySeconds) put([{ module: job.module, body: encodeJob(job), content: job }], job.delaySeconds);
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    deadLetters,
    stop() {
      stopped = true;
      waiting.length = 0;
      retries.forEach((timer) => clearTimeout(timer));
      retries.clear();
      delayed.forEach((timer) => clearTimeout(timer));
      delayed.clear();
      settleIdle();
    },
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        pump();
      };
    },
  };
}
