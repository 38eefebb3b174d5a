/**
 * The environment variables of the scheduling port, named once: CDK sets them on the functions
 * that create schedules, the functions read them (functions/src/platform/config.ts).
 */
export const SCHEDULER_ENV = {
  /** 'eventbridge' on AWS, 'table' in the local runtime. */
  kind: 'SCHEDULER',
  groupName: 'SCHEDULER_GROUP_NAME',
  roleArn: 'SCHEDULER_ROLE_ARN',
  dlqArn: 'SCHEDULER_DLQ_ARN',
} as const;

/** The variable holding a module's scheduled-event function ARN ('notifications' -> SCHEDULE_TARGET_ARN_NOTIFICATIONS). */
export const scheduleTargetVariable = (module: string) => `SCHEDULE_TARGET_ARN_${module.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
