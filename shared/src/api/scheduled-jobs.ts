import type { ModuleName } from './module-names.ts';
import { declaredRows } from './modules.ts';

/**
 * THE table of scheduled jobs: what a schedule can ask for (its target's `type`), which module's
 * scheduled handler does it, and which API modules create such schedules (decision 0007). A module
 * has one scheduled handler, `functions/src/<module>/scheduled.handler.ts`, which dispatches on the
 * type; a schedule names its module in its target, so the handler is found by module. Two readers:
 * - CDK (`infra/aws/module-events.construct.ts`): one scheduled function per module of the table,
 *   registered with EventBridge Scheduler as that module's target (the scheduler role may invoke
 *   it, failures go to the scheduling dead-letter queue), and the scheduler rights plus
 *   `SCHEDULE_TARGET_ARN_<MODULE>` of every target for the functions of the `scheduledBy` modules;
 * - the local scheduler (`infra/local/local-scheduler.ts`): fires a due schedule into the scheduled
 *   handler of its module, which must be one of the table's.
 *
 * Notifications, actions (escalation on time-out) and tasks declare their rows in
 * `shared/src/<module>/module.ts` (decision 0074), add their `scheduled.handler.ts` and their
 * Lambda's row in `FUNCTION_NEEDS` (`infra/aws/function-needs.ts`).
 */
export interface ScheduledJob {
  /** The schedule target's `type`, `<what>.<verb>`; the module's handler dispatches on it. */
  readonly type: string;
  /** The module whose scheduled handler runs it. */
  readonly module: ModuleName;
  /** The API modules whose functions create these schedules. */
  readonly scheduledBy: readonly ModuleName[];
  /** What the job does, for the function's description. */
  readonly description: string;
  /** The longest one firing may take (seconds); a module's function gets the longest of its jobs. */
  readonly timeoutSeconds: number;
  /**
   * Every schedule of the job is named `<namePrefix>…`: a function's scheduler rights name only its
   * modules' prefixes (`schedule/<group>/<prefix>*`), so it cannot touch another module's schedules.
   */
  readonly namePrefix: string;
}

/** Assembled from the modules' declarations (`shared/src/<module>/module.ts`, decision 0074), in their order. */
export const SCHEDULED_JOBS = declaredRows('scheduledJobs') satisfies readonly ScheduledJob[];

export type ScheduledJobType = (typeof SCHEDULED_JOBS)[number]['type'];

/** The stem of every module's scheduled handler file: `functions/src/<module>/scheduled.handler.ts`. */
export const SCHEDULED_HANDLER = 'scheduled';

/** The name prefixes of `module`'s schedules, one per job. */
export function scheduleNamePrefixes(module: ModuleName): string[] {
  return SCHEDULED_JOBS.filter((job) => job.module === module).map((job) => job.namePrefix);
}

/** The name prefix of a job type's schedules. */
export function scheduleNamePrefixOf(type: ScheduledJobType): string {
  return SCHEDULED_JOBS.find((job) => job.type === type)!.namePrefix;
}

/** The row of a target's type, or undefined for a type no module schedules. */
export function scheduledJobOf(type: unknown): ScheduledJob | undefined {
  return SCHEDULED_JOBS.find((job) => job.type === type);
}

/** The modules with a scheduled handler, in table order. */
export function scheduledModules(): ModuleName[] {
  return [...new Set<ModuleName>(SCHEDULED_JOBS.map((job) => job.module))];
}
