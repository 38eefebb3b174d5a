import { describe, expect, it } from 'vitest';
import { backoffMs, batchWriteAll, createBatchWriter, type WriteRequest } from './batch-writer.ts';

const put = (id: number): WriteRequest => ({ PutRequest: { Item: { pk: `P#${id % 3}`, sk: `USER#${id}` } } });
const idOf = (request: unknown) => (request as { PutRequest: { Item: { sk: string } } }).PutRequest.Item.sk;

describe('batch writer', () => {
  it('writes 25 per call and retries unprocessed items until none is left', async () => {
    const written = new Set<string>();
    const sizes: number[] = [];
    let calls = 0;
    const send = async (input: { RequestItems?: Record<string, unknown[]> }) => {
      const items = input.RequestItems!.t!;
      sizes.push(items.length);
      calls++;
      // Every third call DynamoDB "throttles" half of the batch.
      const unprocessed = calls % 3 === 0 ? items.slice(0, Math.ceil(items.length / 2)) : [];
      for (const item of items.slice(unprocessed.length)) written.add(idOf(item));
      return unprocessed.length ? { UnprocessedItems: { t: unprocessed } } : {};
    };
    await batchWriteAll(Array.from({ length: 1_003 }, (_, i) => put(i)), { send, tableName: 't', sleep: async () => undefined, concurrency: 4 });
    expect(written.size).toBe(1_003);
    expect(Math.max(...sizes)).toBe(25);
    expect(calls).toBeGreaterThan(41);
  });

  it('accepts rows while writing and gives up on rows that never get through', async () => {
    const writer = createBatchWriter({ send: async () => ({}), tableName: 't', sleep: async () => undefined });
    for (let i = 0; i < 30; i++) writer.add(put(i));
    await expect(writer.done()).resolves.toBeUndefined();

    const stuck = createBatchWriter({
      send: async (input) => ({ UnprocessedItems: { t: input.RequestItems!.t! } }),
      tableName: 't',
      sleep: async () => undefined,
      maxAttempts: 3,
    });
    stuck.add(put(1));
    await expect(stuck.done()).rejects.toThrow('1 rows stayed unprocessed after 3 attempts');
  });

  it('lets a producer that awaits hungry() build at most one batch ahead of the sends', async () => {
    let added = 0;
    let taken = 0;
    let ahead = 0;
    const pending: Array<() => void> = [];
    const send = async (input: { RequestItems?: Record<string, unknown[]> }) => {
      taken += input.RequestItems!.t!.length;
      await new Promise<void>((resolve) => pending.push(resolve));
      return {};
    };
    const writer = createBatchWriter({ send, tableName: 't', concurrency: 2 });
    const producing = (async () => {
      for (let i = 0; i < 200; i++) {
        writer.add(put(i));
        added++;
        ahead = Math.max(ahead, added - taken);
        if (added % 25 === 0) await writer.hungry();
      }
      await writer.done();
    })();
    // The sends finish one at a time; never more than two in flight.
    for (let finished = 0; finished < 8; finished++) {
      while (!pending.length) await new Promise((resolve) => setTimeout(resolve, 0));
      expect(pending.length).toBeLessThanOrEqual(2);
      pending.shift()!();
    }
    await producing;
    expect(taken).toBe(200);
    expect(ahead).toBe(25);
  });

  it('backs off exponentially with full jitter, capped at 2 s', () => {
    expect(backoffMs(1, () => 1)).toBe(50);
    expect(backoffMs(3, () => 1)).toBe(200);
    expect(backoffMs(10, () => 1)).toBe(2_000);
    expect(backoffMs(10, () => 0.5)).toBe(1_000);
  });
});
