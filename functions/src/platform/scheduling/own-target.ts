import type { ModuleName } from '@portal/shared/api/route-table';
import { scheduleTargetVariable } from '@portal/shared/scheduling/scheduler-environment';

/** What of Lambda's invocation context this needs. */
export interface InvocationContext {
  invokedFunctionArn?: string;
}

/**
 * A module's scheduled function that schedules its own module's jobs (an action's next step, a task
 * series child's end and reminders) is its own target. CloudFormation cannot hand a function its own
 * ARN (a circular reference: infra/aws/scheduling.construct.ts), so it learns it from the invocation:
 * `SCHEDULE_TARGET_ARN_<MODULE>` is set from the context's ARN, without an alias or version, unless
 * it is set already. Without a context (the local runtime) nothing changes: the table adapter needs no ARN.
 */
export function learnOwnTarget(module: ModuleName, context: InvocationContext | undefined): void {
  const variable = scheduleTargetVariable(module);
  const arn = context?.invokedFunctionArn;
  if (process.env[variable] || !arn) return;
  // arn:partition:lambda:region:account:function:name[:qualifier]
  const parts = arn.split(':');
  if (parts.length < 7 || parts[2] !== 'lambda' || parts[5] !== 'function') return;
  process.env[variable] = parts.slice(0, 7).join(':');
}
