import { afterEach, describe, expect, it } from 'vitest';
import { scheduler } from './scheduler.ts';

const saved = process.env.SCHEDULER;
afterEach(() => {
  if (saved === undefined) delete process.env.SCHEDULER;
  else process.env.SCHEDULER = saved;
});

describe('scheduler()', () => {
  it('requires SCHEDULER and names it in the error', () => {
    delete process.env.SCHEDULER;
    expect(() => scheduler()).toThrow("SCHEDULER must be 'eventbridge' (AWS) or 'table' (local runtime), got nothing");
    process.env.SCHEDULER = 'cron';
    expect(() => scheduler()).toThrow("got 'cron'");
  });

  it('gives one adapter per configured kind', () => {
    process.env.SCHEDULER = 'table';
    const table = scheduler();
    expect(scheduler()).toBe(table);
    process.env.SCHEDULER = 'eventbridge';
    const eventBridge = scheduler();
    expect(eventBridge).not.toBe(table);
    for (const adapter of [table, eventBridge]) expect(Object.keys(adapter).sort()).toEqual(['cancel', 'scheduleOnce', 'scheduleRecurring']);
  });
});
