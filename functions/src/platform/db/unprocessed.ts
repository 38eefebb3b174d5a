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

/** BatchGetItem calls of 100 keys an ElectroDB batch get sends at once (ElectroDB's `concurrent`; its default sends one after another). */
export const BATCH_GET_CONCURRENT = 4;

/**
 * Every item of these keys by an ElectroDB batch get (`get`: the entity's `get(pending).go(...)`),
 * what DynamoDB leaves unprocessed asked again (untilProcessed): ElectroDB hands those keys back
 * and retries nothing, so a read that ignored them lost items (a name, an organisation) under
 * throttling. Keys not found are simply absent.
 */
export async function getEvery<K, T>(keys: readonly K[], get: (pending: K[]) => Promise<{ data: T[]; unprocessed: unknown[] }>, what: string): Promise<T[]> {
  const found: T[] = [];
  await untilProcessed(
    keys,
    async (pending) => {
      const { data, unprocessed } = await get(pending);
      found.push(...data);
      return unprocessed as K[];
    },
    what,
  );
  return found;
}
