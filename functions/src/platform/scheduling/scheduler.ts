import { env } from '../config.ts';
import type { Scheduler } from './scheduler.port.ts';

export type { OneOffSchedule, RecurringSchedule, ScheduleTarget, ScheduledFiring, Scheduler } from './scheduler.port.ts';
export { ScheduleInPastError } from './schedule-rules.ts';

/** SCHEDULER: 'eventbridge' (CDK sets it) or 'table' (the local runtime sets it). */
export type SchedulerKind = (typeof env)['scheduler'];

/**
 * An adapter as its composition root registers it: a Lambda entry that creates schedules registers
 * the EventBridge one (`eventbridge.adapter.ts`), the local runtime the table one before it loads
 * any handler (infra/local/functions.ts). `create` runs at the first `scheduler()` of that kind.
 */
export interface SchedulerAdapter {
  readonly kind: SchedulerKind;
  create(): Scheduler;
}

const registered = new Map<SchedulerKind, SchedulerAdapter>();
const adapters = new Map<SchedulerKind, Scheduler>();

/** Makes an adapter available; configuration decides which one is used. Registering a kind again replaces it. */
export function registerSchedulerAdapter(adapter: SchedulerAdapter): void {
  if (registered.get(adapter.kind) === adapter) return;
  registered.set(adapter.kind, adapter);
  adapters.delete(adapter.kind);
}

/**
 * The scheduling port, chosen by configuration only: SCHEDULER=eventbridge (CDK sets it, with the
 * group, role, DLQ and target ARNs) or SCHEDULER=table (the local runtime sets it), among the
 * adapters registered. Anything else is an error that names the variable.
 */
export function scheduler(): Scheduler {
  const kind = env.scheduler;
  let adapter = adapters.get(kind);
  if (!adapter) {
    const registration = registered.get(kind);
    if (!registration) {
      throw new Error(
        `SCHEDULER is '${kind}', but no '${kind}' adapter is registered: a Lambda entry that schedules registers eventbridge, the local runtime table (infra/local/functions.ts)`,
      );
    }
    adapter = registration.create();
    adapters.set(kind, adapter);
  }
  return adapter;
}
