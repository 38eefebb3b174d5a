import { afterEach, describe, expect, it, vi } from 'vitest';
import { getEvery, untilProcessed } from './unprocessed.ts';

afterEach(() => vi.useRealTimers());

describe('untilProcessed', () => {
  it('sends what is left unprocessed again, after a growing pause, until nothing is left', async () => {
    vi.useFakeTimers();
    const calls: Array<{ items: number[]; at: number }> = [];
    const answers = [[2, 3], [3], []];
    const done = untilProcessed([1, 2, 3], async (pending) => {
      calls.push({ items: pending, at: Date.now() });
      return answers[calls.length - 1]!;
    }, 'rows');
    await vi.runAllTimersAsync();
    await done;
    expect(calls.map((c) => c.items)).toEqual([[1, 2, 3], [2, 3], [3]]);
    expect(calls[1]!.at - calls[0]!.at).toBe(50);
    expect(calls[2]!.at - calls[1]!.at).toBe(100);
  });

  it('calls nothing for nothing', async () => {
    const step = vi.fn(async () => []);
    await untilProcessed([], step, 'rows');
    expect(step).not.toHaveBeenCalled();
  });

  it('gives up after nine attempts, naming what stayed unprocessed', async () => {
    vi.useFakeTimers();
    const step = vi.fn(async (pending: string[]) => pending.slice(1));
    const done = untilProcessed(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k'], step, 'group member rows');
    const outcome = expect(done).rejects.toThrow('2 group member rows stayed unprocessed');
    await vi.runAllTimersAsync();
    await outcome;
    expect(step).toHaveBeenCalledTimes(9);
  });
});

describe('getEvery', () => {
  it("gathers an ElectroDB batch get's items over its unprocessed keys, asked again until none is left", async () => {
    vi.useFakeTimers();
    const calls: string[][] = [];
    const done = getEvery(['a', 'b', 'c'], async (pending) => {
      calls.push(pending);
      // The first call leaves c unprocessed; missing keys (b) are simply absent.
      return calls.length === 1 ? { data: [{ id: 'a' }], unprocessed: ['c'] } : { data: pending.map((id) => ({ id })), unprocessed: [] };
    }, 'rows');
    await vi.runAllTimersAsync();
    expect(await done).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(calls).toEqual([['a', 'b', 'c'], ['c']]);
  });
});
