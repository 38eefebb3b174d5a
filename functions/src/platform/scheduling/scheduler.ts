import { env } from '../config.ts';
import { createEventBridgeScheduler } from './eventbridge.adapter.ts';
import type { Scheduler } from './scheduler.port.ts';
import { createTableScheduler } from './table.adapter.ts';

export type { OneOffSchedule, RecurringSchedule, ScheduleTarget, ScheduledFiring, Scheduler } from './scheduler.port.ts';
export { ScheduleInPastError } from './schedule-rules.ts';

const adapters = new Map<string, Scheduler>();

/**
 * The scheduling port, chosen by configuration only: SCHEDULER=eventbridge (CDK sets it, with the
 * group, role, DLQ and target ARNs) or SCHEDULER=table (the local runtime sets it). Anything else
 * is an error that names the variable.
 */
export function scheduler(): Scheduler {
  const kind = env.scheduler;
  let adapter = adapters.get(kind);
  if (!adapter) {
    adapter = kind === 'eventbridge' ? createEventBridgeScheduler() : createTableScheduler();
    adapters.set(kind, adapter);
  }
  return adapter;
}
