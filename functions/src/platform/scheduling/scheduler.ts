import { env } from '../config.ts';
import { adapterRegistry, type PortAdapter } from '../adapter-registry.ts';
import type { Scheduler } from './scheduler.port.ts';

export type { OneOffSchedule, RecurringSchedule, ScheduleTarget, ScheduledFiring, Scheduler } from './scheduler.port.ts';
export { ScheduleInPastError } from './schedule-rules.ts';

/** SCHEDULER: 'eventbridge' (CDK sets it) or 'table' (the local runtime sets it). */
export type SchedulerKind = (typeof env)['scheduler'];

/**
 * An adapter as its composition root registers it: a Lambda entry that creates schedules registers
 * the EventBridge one (`eventbridge.adapter.ts`), the local runtime the table one before it loads
 * any handler (infra/local/functions.ts).
 */
export type SchedulerAdapter = PortAdapter<SchedulerKind, Scheduler>;

const adapters = adapterRegistry<SchedulerKind, Scheduler>(
  (kind) => `SCHEDULER is '${kind}', but no '${kind}' adapter is registered: a Lambda entry that schedules registers eventbridge, the local runtime table (infra/local/functions.ts)`,
);

/** Makes an adapter available; configuration decides which one is used. */
export const registerSchedulerAdapter = (adapter: SchedulerAdapter): void => adapters.register(adapter);

/**
 * The scheduling port, chosen by configuration only: SCHEDULER=eventbridge (CDK sets it, with the
 * group, role, DLQ and target ARNs) or SCHEDULER=table (the local runtime sets it), among the
 * adapters registered. Anything else is an error that names the variable.
 */
export const scheduler = (): Scheduler => adapters.use(env.scheduler);
