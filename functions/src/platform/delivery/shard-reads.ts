/** Queries in flight when a message's per-recipient rows are read back (docs/data-model.md §5). */
const READ_CONCURRENCY = 8;

/**
 * Every row of a sharded message (a notification's AP44, an action's AP50): one read per shard, at
 * most 8 in flight, the rows in shard order.
 */
export async function readAllShards<T>(shards: number, readShard: (shard: number) => Promise<T[]>): Promise<T[]> {
  const results: T[][] = [];
  let next = 0;
  const worker = async () => {
    while (next < shards) {
      const shard = next++;
      results[shard] = await readShard(shard);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, shards) }, worker));
  return results.flat();
}
