import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

/** Batch writes of the runtime's process in flight at once against DynamoDB Local. */
export const LOCAL_BULK_WRITES_IN_FLIGHT = 8;

/** The names a batch write goes by on the client's stack: the document client's command, and the plain one. */
const BULK_WRITES = new Set(['BatchWriteCommand', 'BatchWriteItemCommand']);

/**
 * DynamoDB Local writes one request at a time (one SQLite file). After a restart the delivery
 * queue's journal and the schedules due in the down window put over a thousand batch writes in
 * flight (soak run 27: 1,063 BatchWriteItem calls over 3 s), and every other write waited 7.5 to 9 s
 * behind them: the API's creates and a week's publish ran into their 30 s time-out
 * (docs/reliability.md, Open 12 and 13). The local runtime lets at most `limit` of the background
 * work's batch writes (`takesTurns`: the delivery, scheduled and uplink functions, the seed) be in
 * flight, first come first served: the stand-in writes as many rows a second as before, and a
 * request's write waits behind at most `limit` batches. A request's own batch writes (a week's
 * publish writes its people's assignments) take no turn: queued behind the backlog, its answer
 * would wait as long as before (soak run 30). On AWS, DynamoDB has no single writer and each
 * function its own capacity; the functions' code is the same, this is the local entry's
 * configuration of its client.
 */
export function limitBulkWrites(client: Pick<DynamoDBClient, 'middlewareStack'>, limit = LOCAL_BULK_WRITES_IN_FLIGHT, takesTurns: () => boolean = () => true): void {
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  const acquire = async () => {
    if (inFlight < limit) {
      inFlight++;
      return;
    }
    // The slot is handed over by release, so the count stays as it is.
    await new Promise<void>((go) => waiting.push(go));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (!BULK_WRITES.has(context.commandName ?? '') || !takesTurns()) return next(args);
      await acquire();
      try {
        return await next(args);
      } finally {
        release();
      }
    },
    // Around the SDK's retries too: a retried batch keeps its slot. A runtime started again in the
    // same process (tests) replaces the limit rather than adding a second one.
    { step: 'initialize', name: 'localBulkWriteLimit', override: true },
  );
}
