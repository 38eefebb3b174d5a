import { CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { CfnScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { ModuleName } from '@portal/shared/api/route-table';
import { scheduleNamePrefixes } from '@portal/shared/api/scheduled-jobs';
import { SCHEDULER_ENV, scheduleTargetVariable } from '@portal/shared/scheduling/scheduler-environment';
import { createDeadLetterQueue } from './dead-letter.ts';
import { nagRegion } from './logical-id.ts';

/**
 * What a function that creates schedules may do, on the group's schedules only: the EventBridge
 * adapter creates, updates (after a ConflictException) and deletes; it never reads one back.
 */
const SCHEDULE_ACTIONS = ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'];

/**
 * The scheduling port on AWS (functions/src/platform/scheduling/eventbridge.adapter.ts): a schedule
 * group, the role EventBridge Scheduler assumes, and one dead-letter queue for both ways a firing
 * can fail: the scheduler cannot deliver it (its RetryPolicy, then the DLQ), or the target's handler
 * fails (Scheduler invokes Lambda asynchronously: Lambda's own retries, then the same DLQ).
 *
 * - `addTarget(module, fn)`: the module's scheduled-event function (`<module>/scheduled.handler.ts`).
 *   It gets an async-invoke config (2 retries, 1 h, failures to the DLQ); do not configure another.
 * - `grantScheduling(fn)`: a function that creates schedules, with SCHEDULER=eventbridge and the
 *   variables the adapter reads. Either call may come first.
 */
export class SchedulingConstruct extends Construct {
  readonly group: CfnScheduleGroup;
  /** The group's name (a token). */
  readonly groupName: string;
  readonly deadLetterQueue: Queue;
  /** Assumed by EventBridge Scheduler: invokes the registered targets, writes to the DLQ. */
  readonly role: Role;
  private readonly targets = new Map<ModuleName, LambdaFunction>();
  private readonly schedulingFunctions: Array<{ fn: LambdaFunction; modules: readonly ModuleName[] | undefined }> = [];

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const stack = Stack.of(this);

    this.group = new CfnScheduleGroup(this, 'Group', { name: `${stack.stackName.slice(0, 54)}-schedules` });
    this.groupName = this.group.ref;

    this.deadLetterQueue = createDeadLetterQueue(this, 'DeadLetterQueue', {
      holds: 'scheduled firings EventBridge Scheduler could not deliver (Target.DeadLetterConfig) or whose scheduled function failed (async on-failure destination)',
    }).queue;

    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', {
        // Confused-deputy guard: only schedules of this account, in the portal's schedule group, may use the role.
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account, 'aws:SourceArn': this.group.attrArn } },
      }),
      description: "EventBridge Scheduler: invokes the portal's scheduled functions and sends failed firings to the dead-letter queue",
    });
    this.role.addToPolicy(new PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetterQueue.queueArn] }));

    new CfnOutput(stack, 'SchedulerDeadLetterQueueUrl', {
      value: this.deadLetterQueue.queueUrl,
      description: 'Firings that failed after all retries (scheduler delivery or scheduled handler)',
    });
  }

  /** Registers the function EventBridge Scheduler invokes for `module`'s schedules. */
  addTarget(module: ModuleName, fn: LambdaFunction): void {
    if (this.targets.has(module)) throw new Error(`A scheduled function for '${module}' is already registered`);
    this.targets.set(module, fn);
    this.role.addToPolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] }));
    fn.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(1),
      onFailure: new SqsDestination(this.deadLetterQueue),
    });
    for (const scheduling of this.schedulingFunctions) if (!scheduling.modules || scheduling.modules.includes(module)) this.tellTarget(scheduling.fn, module, fn);
  }

  /**
   * Lets `fn` create, replace and delete schedules in the group, and pass the role to the scheduler.
   * `modules`: the modules whose jobs it schedules (only their targets' ARNs and their schedules'
   * name prefixes are given; default all, the whole group).
   * A module's scheduled function that schedules its own jobs names its module: two such functions
   * given each other's ARN would be a dependency cycle, and its own ARN it learns when invoked
   * (functions/src/platform/scheduling/own-target.ts).
   */
  grantScheduling(fn: LambdaFunction, modules?: readonly ModuleName[]): void {
    const stack = Stack.of(this);
    this.schedulingFunctions.push({ fn, modules });
    // Only its modules' schedules: each job's are named `<namePrefix>…` (shared/src/api/scheduled-jobs.ts).
    const names = modules ? modules.flatMap((module) => scheduleNamePrefixes(module).map((prefix) => `${prefix}*`)) : ['*'];
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: SCHEDULE_ACTIONS,
        resources: names.map((name) => stack.formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.groupName}/${name}` })),
      }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
    fn.addEnvironment(SCHEDULER_ENV.kind, 'eventbridge');
    fn.addEnvironment(SCHEDULER_ENV.groupName, this.groupName);
    fn.addEnvironment(SCHEDULER_ENV.roleArn, this.role.roleArn);
    fn.addEnvironment(SCHEDULER_ENV.dlqArn, this.deadLetterQueue.queueArn);
    for (const [module, target] of this.targets) if (!modules || modules.includes(module)) this.tellTarget(fn, module, target);

    if (fn.role) {
      for (const name of names) {
        Validations.of(fn.role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${nagRegion(this)}:<AWS::AccountId>:schedule/<${stack.getLogicalId(this.group)}>/${name}]`,
          reason: "Schedules are created at run time, one per scheduled item (named after it), so only the portal's schedule group and the module's name prefix can be named, not each schedule.",
        });
      }
    }
  }

  private tellTarget(fn: LambdaFunction, module: ModuleName, target: LambdaFunction): void {
    // A function's own ARN in its environment would be a circular reference in CloudFormation.
    if (target !== fn) fn.addEnvironment(scheduleTargetVariable(module), target.functionArn);
  }
}
