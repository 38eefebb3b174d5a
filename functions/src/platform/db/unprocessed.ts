/** Attempts of a batch call before what DynamoDB still leaves unprocessed is an error. */
const MAX_ATTEMPTS = 9;

/**
 * Runs a batch call (BatchGetItem, BatchWriteItem, or ElectroDB's batch get/put/delete, which hand
 * back their unprocessed keys) until DynamoDB has processed everything: what `step` returns as
 * unprocessed is sent again after a growing pause (50 ms, 100 ms, …), as DynamoDB asks on throttling.
 */
export async function untilProcessed<T>(items: readonly T[], step: (pending: T[]) => Promise<readonly T[]>, what: string): Promise<void> {
  let pending = [...items];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw new Error(`${pending.length} ${what} stayed unprocessed`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    pending = [...(await step(pending))];
  }
}
