import type { ModuleName } from '@portal/shared/api/route-table';
import { logger } from '../logger.ts';
import { runFiringOnce } from './firing-guard.ts';
import { learnOwnTarget, type InvocationContext } from './own-target.ts';
import type { ScheduledFiring } from './scheduler.port.ts';

/**
 * One job of a module's scheduled function: what a firing of that type does. Its outcome says
 * whether it had an effect: 'none', 0 and false say it had none; anything else (void too) that it had.
 */
export type ScheduledJob = (orgId: string, id: string, occurrence: string) => Promise<unknown>;

const hadEffect = (outcome: unknown) => outcome !== 'none' && outcome !== 0 && outcome !== false;

export interface ScheduledEntryOptions {
  readonly module: ModuleName;
  /** The job of each target type the module schedules (shared/src/api/scheduled-jobs.ts). */
  readonly jobs: Readonly<Record<string, ScheduledJob>>;
  /** It schedules its own module's jobs (an action's next step, a series child's reminders): learn its ARN from the invocation. */
  readonly ownTarget?: boolean;
}

/**
 * The entry of every module's scheduled function (EventBridge Scheduler on AWS, the local scheduler
 * in the runtime): an unknown target is logged and dropped; a known one runs its job through the
 * firing guard, so a twice-delivered firing acts once (docs/data-model.md AP81). `acted` is true
 * when this execution ran the job and the job had an effect.
 */
export function createScheduledHandler({ module, jobs, ownTarget }: ScheduledEntryOptions) {
  return async (firing: ScheduledFiring, context?: InvocationContext): Promise<{ acted: boolean }> => {
    // CloudFormation cannot hand a function its own ARN; on AWS it comes with the invocation.
    if (ownTarget) learnOwnTarget(module, context);
    const job = firing?.target?.module === module && Object.hasOwn(jobs, firing.target.type) ? jobs[firing.target.type] : undefined;
    if (!job) {
      logger.warn('Unknown scheduled target ignored', { target: firing?.target });
      return { acted: false };
    }
    let acted = false;
    const ran = await runFiringOnce(firing, async () => {
      acted = hadEffect(await job(firing.target.orgId, firing.target.id, firing.occurrence));
    });
    return { acted: ran && acted };
  };
}
