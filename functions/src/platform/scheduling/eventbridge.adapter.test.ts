import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBridgeScheduler, type EventBridgeSchedulerConfig } from './eventbridge.adapter.ts';
import { ScheduleInPastError } from './schedule-rules.ts';

const aws = mockClient(SchedulerClient);
const awsError = (message: string) => ({ message, Message: message, $metadata: {} });
afterEach(() => aws.reset());

const NOW = new Date('2026-03-20T10:00:00.000Z');
const config: EventBridgeSchedulerConfig = {
  groupName: 'PortalStack-schedules',
  roleArn: 'arn:aws:iam::123456789012:role/scheduler',
  deadLetterArn: 'arn:aws:sqs:eu-central-1:123456789012:scheduler-dlq',
  targetArn: (module) => `arn:aws:lambda:eu-central-1:123456789012:function:${module}-scheduled`,
};
const adapter = () => createEventBridgeScheduler({ client: new SchedulerClient({ region: 'eu-central-1' }), config, now: () => NOW });
const target = { module: 'notifications', type: 'notification.send', orgId: 'org1', id: 'n1' } as const;
const expectedTarget = (name: string) => ({
  Arn: 'arn:aws:lambda:eu-central-1:123456789012:function:notifications-scheduled',
  RoleArn: 'arn:aws:iam::123456789012:role/scheduler',
  Input: JSON.stringify({ source: 'portal.scheduler', schedule_name: name, target, occurrence: '<aws.scheduler.scheduled-time>' }),
  RetryPolicy: { MaximumRetryAttempts: 3, MaximumEventAgeInSeconds: 3600 },
  DeadLetterConfig: { Arn: 'arn:aws:sqs:eu-central-1:123456789012:scheduler-dlq' },
});
const inputs = <T>(command: new (...args: any[]) => T) => aws.commandCalls(command as any).map((call) => call.args[0].input);

describe('EventBridge Scheduler adapter', () => {
  it('creates a one-off as at() in UTC, to the second (rounded up), deleted after it fired', async () => {
    aws.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await adapter().scheduleOnce({ name: 'org1-n1', at: new Date('2026-03-29T06:59:59.250Z'), target });
    expect(inputs(CreateScheduleCommand)).toStrictEqual([
      {
        Name: 'org1-n1',
        GroupName: 'PortalStack-schedules',
        ScheduleExpression: 'at(2026-03-29T07:00:00)',
        ScheduleExpressionTimezone: 'UTC',
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: expectedTarget('org1-n1'),
      },
    ]);
  });

  it('creates a series as cron() in the organisation time zone with start and end', async () => {
    aws.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    const start = new Date('2026-03-21T00:00:00.000Z');
    const end = new Date('2026-04-30T22:00:00.000Z');
    await adapter().scheduleRecurring({ name: 'org1-root1', time: '09:00', days: ['saturday', 'monday'], timeZone: 'Europe/Berlin', start, end, target });
    expect(inputs(CreateScheduleCommand)).toStrictEqual([
      {
        Name: 'org1-root1',
        GroupName: 'PortalStack-schedules',
        ScheduleExpression: 'cron(0 9 ? * MON,SAT *)',
        ScheduleExpressionTimezone: 'Europe/Berlin',
        StartDate: start,
        EndDate: end,
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: expectedTarget('org1-root1'),
      },
    ]);
  });

  it('starts a series that began in the past now, and omits the end of an open series', async () => {
    aws.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await adapter().scheduleRecurring({ name: 'open', time: '09:00', days: ['monday'], timeZone: 'Europe/Berlin', start: new Date('2026-01-01T00:00:00Z'), target });
    const [input] = inputs(CreateScheduleCommand);
    expect(input).toMatchObject({ StartDate: NOW });
    expect(input).not.toHaveProperty('EndDate');
  });

  it('deletes instead of creating a series whose end has passed', async () => {
    aws.on(DeleteScheduleCommand).resolves({});
    await adapter().scheduleRecurring({
      name: 'over',
      time: '09:00',
      days: ['monday'],
      timeZone: 'Europe/Berlin',
      start: new Date('2026-01-01T00:00:00Z'),
      end: new Date('2026-03-01T00:00:00Z'),
      target,
    });
    expect(inputs(CreateScheduleCommand)).toEqual([]);
    expect(inputs(DeleteScheduleCommand)).toStrictEqual([{ Name: 'over', GroupName: 'PortalStack-schedules' }]);
  });

  it('replaces a schedule of the same name with UpdateSchedule and the same definition', async () => {
    aws.on(CreateScheduleCommand).rejects(new ConflictException(awsError('Schedule org1-n1 already exists.')));
    aws.on(UpdateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await adapter().scheduleOnce({ name: 'org1-n1', at: new Date('2026-03-29T07:00:00Z'), target });
    expect(inputs(UpdateScheduleCommand)).toStrictEqual(inputs(CreateScheduleCommand));
  });

  it('refuses a one-off in the past without calling AWS', async () => {
    await expect(adapter().scheduleOnce({ name: 'late', at: new Date('2026-03-20T09:59:59Z'), target })).rejects.toBeInstanceOf(ScheduleInPastError);
    expect(aws.calls()).toHaveLength(0);
  });

  it('passes other AWS errors on', async () => {
    aws.on(CreateScheduleCommand).rejects(new ValidationException(awsError('Invalid Schedule Expression')));
    await expect(adapter().scheduleOnce({ name: 'x', at: new Date('2026-03-29T07:00:00Z'), target })).rejects.toThrow('Invalid Schedule Expression');
  });

  it('cancels by name in the group, and an unknown schedule is not an error', async () => {
    aws.on(DeleteScheduleCommand).rejectsOnce(new ResourceNotFoundException(awsError('Schedule gone not found.'))).resolves({});
    await adapter().cancel('gone');
    await adapter().cancel('org1-n1');
    expect(inputs(DeleteScheduleCommand)).toStrictEqual([
      { Name: 'gone', GroupName: 'PortalStack-schedules' },
      { Name: 'org1-n1', GroupName: 'PortalStack-schedules' },
    ]);
    aws.on(DeleteScheduleCommand).rejects(new Error('AccessDenied'));
    await expect(adapter().cancel('x')).rejects.toThrow('AccessDenied');
  });

  it('uses the same safe name for an awkward name on create and cancel, keeping the original in the firing', async () => {
    aws.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    aws.on(DeleteScheduleCommand).resolves({});
    const name = `notification#${'x'.repeat(80)}`;
    await adapter().scheduleOnce({ name, at: new Date('2026-03-29T07:00:00Z'), target });
    await adapter().cancel(name);
    const [created] = inputs(CreateScheduleCommand);
    expect(created?.Name).toMatch(/^[0-9A-Za-z_.-]{1,64}$/);
    expect(inputs(DeleteScheduleCommand)[0]?.Name).toBe(created?.Name);
    expect(JSON.parse(created!.Target!.Input!).schedule_name).toBe(name);
  });

  it('reads group, role, DLQ and target from the environment when not configured', async () => {
    aws.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    const saved = { ...process.env };
    Object.assign(process.env, {
      SCHEDULER_GROUP_NAME: 'g',
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/r',
      SCHEDULER_DLQ_ARN: 'arn:aws:sqs:eu-central-1:123456789012:q',
      SCHEDULE_TARGET_ARN_NOTIFICATIONS: 'arn:aws:lambda:eu-central-1:123456789012:function:f',
    });
    try {
      await createEventBridgeScheduler({ client: new SchedulerClient({ region: 'eu-central-1' }), now: () => NOW }).scheduleOnce({ name: 'n', at: new Date('2026-03-29T07:00:00Z'), target });
      expect(inputs(CreateScheduleCommand)[0]).toMatchObject({
        GroupName: 'g',
        Target: { Arn: 'arn:aws:lambda:eu-central-1:123456789012:function:f', RoleArn: 'arn:aws:iam::123456789012:role/r', DeadLetterConfig: { Arn: 'arn:aws:sqs:eu-central-1:123456789012:q' } },
      });
      delete process.env.SCHEDULE_TARGET_ARN_NOTIFICATIONS;
      await expect(createEventBridgeScheduler({ client: new SchedulerClient({}), now: () => NOW }).scheduleOnce({ name: 'n', at: new Date('2026-03-29T07:00:00Z'), target })).rejects.toThrow(
        'Missing environment variable SCHEDULE_TARGET_ARN_NOTIFICATIONS',
      );
    } finally {
      process.env = saved;
    }
  });
});
