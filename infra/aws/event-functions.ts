import type { ModuleName } from '@portal/shared/api/route-table';
import { SCHEDULED_HANDLER, SCHEDULED_JOBS } from '@portal/shared/api/scheduled-jobs';
import { UPLINK_ROUTES, type UplinkRoute } from '@portal/shared/api/uplink-table';
import { pascal } from './logical-id.ts';

/**
 * The Lambdas outside the HTTP API that the two event tables call for: one scheduled function per
 * module of `shared/src/api/scheduled-jobs.ts`, one uplink function per module and handler of
 * `shared/src/api/uplink-table.ts`. Their names (`notificationsScheduled`, `notificationsUplink`)
 * key the grants that are data (`table-access.ts`, `iot-publish.ts`); `module-events.construct.ts`
 * builds them.
 */
export type ScheduledFunctionName = `${(typeof SCHEDULED_JOBS)[number]['module']}Scheduled`;
type UplinkFunctionNameOf<R> = R extends { readonly module: infer M extends string; readonly handler: infer H extends string } ? `${M}${Capitalize<H>}` : never;
export type UplinkFunctionName = UplinkFunctionNameOf<(typeof UPLINK_ROUTES)[number]>;
export type EventFunctionName = ScheduledFunctionName | UplinkFunctionName;

interface EventFunctionBase {
  readonly name: EventFunctionName;
  readonly module: ModuleName;
  /** The construct id within the module's construct (`Scheduled`, `Uplink`): logical ids follow from it. */
  readonly id: string;
  /** Relative to the repository root. */
  readonly entry: string;
  readonly description: string;
}

export interface ScheduledFunctionSpec extends EventFunctionBase {
  readonly trigger: 'schedule';
  readonly timeoutSeconds: number;
  /** The API modules that create the module's schedules. */
  readonly scheduledBy: readonly ModuleName[];
}

export interface UplinkFunctionSpec extends EventFunctionBase {
  readonly trigger: 'uplink';
  /** Its rows, in table order: one IoT rule each. */
  readonly routes: readonly UplinkRoute[];
}

export type EventFunctionSpec = ScheduledFunctionSpec | UplinkFunctionSpec;

const unique = <T>(values: readonly T[]) => [...new Set(values)];

/** Every event function the tables ask for, scheduled functions first, each in table order. */
export function eventFunctions(): EventFunctionSpec[] {
  const scheduled = unique(SCHEDULED_JOBS.map((job) => job.module)).map((module): ScheduledFunctionSpec => {
    const jobs = SCHEDULED_JOBS.filter((job) => job.module === module);
    return {
      trigger: 'schedule',
      name: `${module}Scheduled`,
      module,
      id: pascal(SCHEDULED_HANDLER),
      entry: `functions/src/${module}/${SCHEDULED_HANDLER}.handler.ts`,
      description: `${pascal(module)}: ${jobs.map((job) => job.description).join('; ')} (EventBridge Scheduler target)`,
      timeoutSeconds: Math.max(...jobs.map((job) => job.timeoutSeconds)),
      scheduledBy: unique(jobs.flatMap((job) => job.scheduledBy)),
    };
  });
  const handlers = unique(UPLINK_ROUTES.map((route) => `${route.module}/${route.handler}`));
  const uplink = handlers.map((key): UplinkFunctionSpec => {
    const routes: UplinkRoute[] = UPLINK_ROUTES.filter((route) => `${route.module}/${route.handler}` === key);
    const { module, handler } = routes[0]!;
    return {
      trigger: 'uplink',
      name: `${module}${pascal(handler)}` as UplinkFunctionName,
      module,
      id: pascal(handler),
      entry: `functions/src/${module}/${handler}.handler.ts`,
      description: `${pascal(module)}: ${routes.map((route) => route.description).join('; ')} (IoT rule target)`,
      routes,
    };
  });
  return [...scheduled, ...uplink];
}

/** The modules with an event function, in table order: each gets one `ModuleEventsConstruct`. */
export function eventModules(): ModuleName[] {
  return unique(eventFunctions().map((fn) => fn.module));
}
