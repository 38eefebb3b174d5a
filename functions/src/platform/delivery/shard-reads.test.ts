import { describe, expect, it } from 'vitest';
import { readAllShards } from './shard-reads.ts';

describe('readAllShards', () => {
  it('reads every shard once, at most 8 at a time, and returns the rows in shard order', async () => {
    let inFlight = 0;
    let most = 0;
    const read: number[] = [];
    const rows = await readAllShards(20, async (shard) => {
      inFlight++;
      most = Math.max(most, inFlight);
      read.push(shard);
      // Later shards answer sooner: the order of the result must not follow the answers.
      await new Promise((resolve) => setTimeout(resolve, 20 - shard));
      inFlight--;
      return [`${shard}a`, `${shard}b`];
    });
    expect([...read].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(8);
    expect(rows).toEqual(Array.from({ length: 20 }, (_, i) => [`${i}a`, `${i}b`]).flat());
  });

  it('reads nothing for no shards', async () => {
    expect(await readAllShards(0, async () => ['x'])).toEqual([]);
  });
});
