import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBridgeScheduler } from './eventbridge.adapter.ts';
import { registerSchedulerAdapter, scheduler } from './scheduler.ts';
import { createTableScheduler } from './table.adapter.ts';

// Both adapters, as a composition root registers them (a Lambda entry, infra/local/functions.ts).
registerSchedulerAdapter(eventBridgeScheduler);
registerSchedulerAdapter({ kind: 'table', create: () => createTableScheduler() });

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

describe('scheduler() without the configured adapter', () => {
  it('says which adapter is missing (an AWS bundle has no table adapter)', async () => {
    vi.resetModules();
    const fresh = await import('./scheduler.ts');
    fresh.registerSchedulerAdapter(eventBridgeScheduler);
    process.env.SCHEDULER = 'table';
    expect(() => fresh.scheduler()).toThrow("SCHEDULER is 'table', but no 'table' adapter is registered");
  });
});
