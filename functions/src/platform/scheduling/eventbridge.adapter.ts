import type { CreateScheduleCommandInput, SchedulerClient, Target } from '@aws-sdk/client-scheduler';
import type { ModuleName } from '@portal/shared/api/route-table';
import { atExpression, cronExpression } from '@portal/shared/scheduling/recurrence';
import { env } from '../config.ts';
import { scheduleId } from './schedule-names.ts';
import { assertFuture, firstOccurrence } from './schedule-rules.ts';
import type { OneOffSchedule, RecurringSchedule, ScheduleTarget, ScheduledFiring, Scheduler } from './scheduler.port.ts';
import type { SchedulerAdapter } from './scheduler.ts';

/** EventBridge Scheduler fills this context attribute into the Input with the occurrence's time. */
export const SCHEDULED_TIME = '<aws.scheduler.scheduled-time>';
/** Failed invocations (throttles, unreachable target) are retried for up to an hour, then go to the DLQ. */
export const RETRY_POLICY = { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 } as const;

export interface EventBridgeSchedulerConfig {
  groupName: string;
  /** The role the service assumes to invoke targets and write to the DLQ. */
  roleArn: string;
  deadLetterArn: string;
  /** The scheduled-event function of a module. */
  targetArn(module: ModuleName): string;
}

/** Read when a schedule is made, not at load, so a missing variable names itself in the error. */
const configFromEnv: EventBridgeSchedulerConfig = {
  get groupName() {
    return env.schedulerGroupName;
  },
  get roleArn() {
    return env.schedulerRoleArn;
  },
  get deadLetterArn() {
    return env.schedulerDlqArn;
  },
  targetArn: (module) => env.scheduleTargetArn(module),
};

export interface EventBridgeSchedulerOptions {
  client?: SchedulerClient;
  config?: EventBridgeSchedulerConfig;
  now?: () => Date;
}

let schedulerSdk: Promise<typeof import('@aws-sdk/client-scheduler')> | undefined;
/** The Scheduler SDK, evaluated on the first schedule change: most requests of the notifications function make none (docs/performance.md, "Cold start"). */
const loadScheduler = () => (schedulerSdk ??= import('@aws-sdk/client-scheduler'));

const errorName = (error: unknown) => (error as { name?: string } | undefined)?.name;

/**
 * AWS adapter (SCHEDULER=eventbridge): one EventBridge Scheduler schedule per port schedule, in the
 * stack's group, invoking the target module's scheduled function (asynchronously) with a
 * `ScheduledFiring`. Creating a schedule that exists replaces it (UpdateSchedule).
 */
export function createEventBridgeScheduler(options: EventBridgeSchedulerOptions = {}): Scheduler {
  let client = options.client;
  const scheduler = async () => {
    const sdk = await loadScheduler();
    return { sdk, client: (client ??= new sdk.SchedulerClient({ region: env.region })) };
  };
  const config = options.config ?? configFromEnv;
  const clock = options.now ?? (() => new Date());

  const target = (name: string, of: ScheduleTarget): Target => {
    const firing: ScheduledFiring = {
      source: 'portal.scheduler',
      schedule_name: name,
      target: { module: of.module, type: of.type, orgId: of.orgId, id: of.id },
      occurrence: SCHEDULED_TIME,
    };
    return {
      Arn: config.targetArn(of.module),
      RoleArn: config.roleArn,
      Input: JSON.stringify(firing),
      RetryPolicy: { ...RETRY_POLICY },
      DeadLetterConfig: { Arn: config.deadLetterArn },
    };
  };

  const upsert = async (input: CreateScheduleCommandInput) => {
    const { client, sdk: { CreateScheduleCommand, UpdateScheduleCommand } } = await scheduler();
    try {
      await client.send(new CreateScheduleCommand(input));
    } catch (error) {
      if (errorName(error) !== 'ConflictException') throw error;
      await client.send(new UpdateScheduleCommand(input));
    }
  };

  const cancel = async (name: string) => {
    const { client, sdk: { DeleteScheduleCommand } } = await scheduler();
    try {
      await client.send(new DeleteScheduleCommand({ Name: scheduleId(name), GroupName: config.groupName }));
    } catch (error) {
      if (errorName(error) !== 'ResourceNotFoundException') throw error;
    }
  };

  return {
    async scheduleOnce(schedule: OneOffSchedule) {
      const at = assertFuture(schedule, clock());
      await upsert({
        Name: scheduleId(schedule.name),
        GroupName: config.groupName,
        ScheduleExpression: atExpression(at),
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: target(schedule.name, schedule.target),
      });
    },
    async scheduleRecurring(schedule: RecurringSchedule) {
      const now = clock();
      // A series with nothing left to fire is no schedule at all (and a past EndDate is refused).
      if (!firstOccurrence(schedule, now)) return cancel(schedule.name);
      await upsert({
        Name: scheduleId(schedule.name),
        GroupName: config.groupName,
        ScheduleExpression: cronExpression(schedule.time, schedule.days),
        ScheduleExpressionTimezone: schedule.timeZone,
        // StartDate may not lie in the past; occurrences before now would not fire anyway.
        StartDate: new Date(Math.max(schedule.start.getTime(), now.getTime())),
        ...(schedule.end ? { EndDate: schedule.end } : {}),
        FlexibleTimeWindow: { Mode: 'OFF' },
        // With an EndDate, the schedule deletes itself after its last invocation.
        ActionAfterCompletion: 'DELETE',
        Target: target(schedule.name, schedule.target),
      });
    },
    cancel,
  };
}

/**
 * The AWS adapter as a Lambda entry that creates schedules registers it
 * (`registerSchedulerAdapter(eventBridgeScheduler)`): used when SCHEDULER=eventbridge (CDK).
 */
export const eventBridgeScheduler: SchedulerAdapter = { kind: 'eventbridge', create: () => createEventBridgeScheduler() };
