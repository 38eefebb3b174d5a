import { describe, expect, it } from 'vitest';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PortalFunction } from '../../infra/aws/portal-function.construct.ts';
import { scheduleNamePrefixes } from '@portal/shared/api/scheduled-jobs';
import { SchedulingConstruct } from '../../infra/aws/scheduling.construct.ts';
import { DESCRIPTIONS, inspect, nagCheckedApp, synthPortal } from './support.ts';

// The construct in a stack of its own, with cdk-nag as in the portal app: synthesis throws on any
// unacknowledged finding. Existing entries stand in for the modules' functions (bundling is skipped).
const app = nagCheckedApp();
const stack = new Stack(app, 'SchedulingStack');
const scheduling = new SchedulingConstruct(stack, 'Scheduling');
const api = new PortalFunction(stack, 'NotificationsFunction', { entry: 'functions/src/devices/handler.ts', serviceName: 'notifications' });
const scheduled = new PortalFunction(stack, 'NotificationsScheduled', { entry: 'functions/src/devices/handler.ts', serviceName: 'notifications-scheduled' });
const tasks = new PortalFunction(stack, 'TasksScheduled', { entry: 'functions/src/devices/handler.ts', serviceName: 'tasks-scheduled' });
// Granting before and after registering targets: both orders give the creator every target's ARN.
scheduling.addTarget('notifications', scheduled);
scheduling.grantScheduling(api);
scheduling.addTarget('users', tasks);
const template = Template.fromStack(stack);

type Resource = { Properties: Record<string, any> };
const idOf = (construct: { node: { defaultChild?: unknown } } | object) => stack.getLogicalId((('node' in construct && (construct as any).node.defaultChild) || construct) as any);
const groupId = stack.getLogicalId(scheduling.group);
const queueId = idOf(scheduling.deadLetterQueue);
const roleId = idOf(scheduling.role);
const fnId = (fn: PortalFunction) => idOf(fn);
const statementsOfRole = (id: string) =>
  Object.values(template.findResources('AWS::IAM::Policy') as Record<string, Resource>)
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((r) => r.Ref === id))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Array<Record<string, any>>);
const roleOfFunction = (fn: PortalFunction) => idOf(fn.role!);
const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });

describe('scheduling construct', () => {
  it('creates the schedule group named after the stack', () => {
    template.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    template.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'SchedulingStack-schedules' });
  });

  it('has an encrypted dead-letter queue that keeps messages 14 days and refuses plain HTTP', () => {
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      },
    });
    template.hasOutput('SchedulerDeadLetterQueueUrl', { Value: { Ref: queueId } });
  });

  it("lets only EventBridge Scheduler of this account, for the portal's schedule group, assume its role", () => {
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: 'sts:AssumeRole',
            Effect: 'Allow',
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' }, 'aws:SourceArn': arnOf(groupId) } },
          },
        ],
      },
    });
  });

  it('alarms on the first message in the dead-letter queue', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: 0,
      AlarmActions: [{ Ref: Match.stringLikeRegexp('^AlarmTopic') }],
    });
  });

  it('allows the role exactly: invoke the registered targets, send to the DLQ', () => {
    // CDK merges statements with the same action (minimizePolicies).
    expect(statementsOfRole(roleId)).toEqual([
      { Action: 'sqs:SendMessage', Effect: 'Allow', Resource: arnOf(queueId) },
      { Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: [arnOf(fnId(scheduled)), arnOf(fnId(tasks))] },
    ]);
  });

  it('lets a schedule creator manage only schedules of the group and pass only this role, only to the scheduler', () => {
    const statements = statementsOfRole(roleOfFunction(api)).filter((s) => [s.Action].flat().some((a: string) => /^(scheduler|iam):/.test(a)));
    expect(statements).toEqual([
      {
        // No GetSchedule: the adapter never reads a schedule back.
        Action: ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'scheduler:UpdateSchedule'],
        Effect: 'Allow',
        Resource: {
          'Fn::Join': [
            '',
            ['arn:', { Ref: 'AWS::Partition' }, ':scheduler:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, ':schedule/', { Ref: groupId }, '/*'],
          ],
        },
      },
      {
        Action: 'iam:PassRole',
        Effect: 'Allow',
        Resource: arnOf(roleId),
        Condition: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      },
    ]);
  });

  it("gives a schedule creator the adapter's configuration, with every target's ARN", () => {
    const fn = template.findResources('AWS::Lambda::Function')[fnId(api)] as Resource;
    expect(fn.Properties.Environment.Variables).toMatchObject({
      SCHEDULER: 'eventbridge',
      SCHEDULER_GROUP_NAME: { Ref: groupId },
      SCHEDULER_ROLE_ARN: arnOf(roleId),
      SCHEDULER_DLQ_ARN: arnOf(queueId),
      SCHEDULE_TARGET_ARN_NOTIFICATIONS: arnOf(fnId(scheduled)),
      SCHEDULE_TARGET_ARN_USERS: arnOf(fnId(tasks)),
    });
  });

  it("sends a target's failed asynchronous invocations to the DLQ after 2 retries within an hour", () => {
    for (const fn of [scheduled, tasks]) {
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: fnId(fn) },
        MaximumRetryAttempts: 2,
        MaximumEventAgeInSeconds: 3600,
        DestinationConfig: { OnFailure: { Destination: arnOf(queueId) } },
      });
    }
  });

  it('grants scheduler and pass-role rights to no other function, and invoke rights to nobody else', () => {
    for (const fn of [scheduled, tasks]) {
      const actions = statementsOfRole(roleOfFunction(fn)).flatMap((s) => [s.Action].flat());
      expect(actions.filter((a: string) => /^(scheduler|iam|lambda):/.test(a))).toEqual([]);
    }
    const invokers = Object.entries(template.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter(([, policy]) =>
      (policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[] }>).some((s) => [s.Action].flat().includes('lambda:InvokeFunction')),
    );
    expect(invokers.flatMap(([, policy]) => policy.Properties.Roles)).toEqual([{ Ref: roleId }]);
  });

  it('refuses a second scheduled function for the same module', () => {
    expect(() => scheduling.addTarget('notifications', api)).toThrow("A scheduled function for 'notifications' is already registered");
  });
});

describe('in the portal stack', () => {
  // At collection, where support.ts registers the stub SPA's and the assembly's cleanup.
  const portal = synthPortal();

  it('is exposed for modules to register with, and cdk-nag clean', () => {
    expect(portal.stack.scheduling).toBeInstanceOf(SchedulingConstruct);
    const portalTemplate = portal.template;
    portalTemplate.hasResourceProperties('AWS::Scheduler::ScheduleGroup', { Name: 'Portal-portal-schedules' });
  });

  // Each function may create and delete only its own modules' schedules: their jobs' name prefixes.
  // (The actions API function schedules nothing: its delivery function times the steps, decision 0076.)
  it.each([
    // A notification's send and its report's last fold (decision 0087).
    ['notifications', ['notif-*', 'nfold-*']],
    ['tasks', ['task-*', 'taskr-*', 'taske-*']],
  ])("scopes the %s API function's scheduler rights to its schedules' name prefixes", (module, names) => {
    const { fnByDescription, statementsOf } = inspect(portal.template);
    const [, fn] = fnByDescription(DESCRIPTIONS.apiModule(module));
    const scheduler = statementsOf(fn).find((s) => [s.Action].flat().includes('scheduler:CreateSchedule'))!;
    const tails = [scheduler.Resource].flat().map((r) => ((r as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].at(-1) as string).replace(/^\//, ''));
    expect(tails.sort()).toEqual([...names].sort());
    expect([...names].sort()).toEqual(scheduleNamePrefixes(module as 'notifications').map((prefix) => `${prefix}*`).sort());
  });

  it("gives the actions API function no scheduler rights, and its delivery function, which times the steps, the actions' schedules", () => {
    const { fnByDescription, statementsOf } = inspect(portal.template);
    const rights = (description: RegExp) => statementsOf(fnByDescription(description)[1]).flatMap((s) => [s.Action].flat()).filter((a) => /^scheduler:/.test(a as string));
    expect(rights(DESCRIPTIONS.apiModule('actions'))).toEqual([]);
    const scheduler = statementsOf(fnByDescription(DESCRIPTIONS.delivery('actions'))[1]).find((s) => [s.Action].flat().includes('scheduler:CreateSchedule'))!;
    expect([scheduler.Resource].flat().map((r) => ((r as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1].at(-1) as string).replace(/^\//, ''))).toEqual(['act-*']);
  });
});
