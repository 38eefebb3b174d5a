/**
 * Jobs run at most `concurrency` at a time, in the order queued: what the local runtime hands to
 * the functions in waves (uplink events, presence events) queues here instead of flooding
 * DynamoDB Local. A job handles its own errors.
 */
export interface WorkQueue {
  push(job: () => Promise<void>): void;
  /** Resolves when every job queued so far has finished (tests). */
  idle(): Promise<void>;
  /** Drops the jobs not yet started. */
  clear(): void;
}

export function createWorkQueue(concurrency: number): WorkQueue {
  const queue: Array<() => Promise<void>> = [];
  let running = 0;
  let waiters: Array<() => void> = [];
  const pump = () => {
    while (running < concurrency && queue.length) {
      const job = queue.shift()!;
      running++;
      void job().finally(() => {
        running--;
        pump();
      });
    }
    if (running === 0 && queue.length === 0) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  };
  return {
    push(job) {
      queue.push(job);
      pump();
    },
    idle: () => (running === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    clear: () => {
      queue.length = 0;
    },
  };
}
