import { CreateScheduleCommand, DeleteScheduleCommand, GetScheduleCommand, ListSchedulesCommand, SchedulerClient, UpdateScheduleCommand, type CreateScheduleCommandInput } from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSchedulerEmulator, type Firing, type SchedulerEmulator } from './scheduler.server.ts';
import { clientConfig } from './sdk-client.ts';

const LATE_MS = 300;
let scheduler: SchedulerEmulator;
let client: SchedulerClient;
const fired: Firing[] = [];
const ROLE = 'arn:aws:iam::000000000000:role/scheduler-invoke';

beforeAll(async () => {
  scheduler = await startSchedulerEmulator({
    onFire: (firing) => void fired.push(firing),
    fireLateBy: LATE_MS,
    authorize: (call) => (call.accessKeyId === 'AKIDDENIED' || (call.action === 'iam:PassRole' && call.accessKeyId === 'AKIDNOPASS') ? { allowed: false, reason: 'denied' } : { allowed: true }),
  });
  scheduler.createGroup('portal');
  client = new SchedulerClient(clientConfig(scheduler.endpoint));
});
afterAll(async () => {
  client.destroy();
  await scheduler.close();
});

const expectError = (promise: Promise<unknown>, name: string) => expect(promise).rejects.toMatchObject({ name });
const atExpression = (ms: number) => `at(${new Date(ms).toISOString().slice(0, 19)})`;
const schedule = (Name: string, extra: Partial<CreateScheduleCommandInput> = {}): CreateScheduleCommandInput => ({
  Name,
  GroupName: 'portal',
  ScheduleExpression: atExpression(Date.now() + 3_600_000),
  FlexibleTimeWindow: { Mode: 'OFF' },
  Target: { Arn: 'arn:aws:lambda:eu-central-1:000000000000:function:tasks-scheduled', RoleArn: ROLE, Input: '{"at":"<aws.scheduler.scheduled-time>"}' },
  ...extra,
});

describe('Scheduler emulator', () => {
  it('fires a one-off at its time, late as configured, with the context attributes filled in, then deletes it', async () => {
    const at = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    await client.send(new CreateScheduleCommand(schedule('soon', { ScheduleExpression: atExpression(at), ScheduleExpressionTimezone: 'UTC', ActionAfterCompletion: 'DELETE' })));
    const started = Date.now();
    while (!fired.some((f) => f.name === 'soon') && Date.now() - started < 4000) await new Promise((r) => setTimeout(r, 50));
    const firing = fired.find((f) => f.name === 'soon')!;
    expect(firing.scheduledTime.getTime()).toBe(at);
    expect(firing.firedAt.getTime() - at).toBeGreaterThanOrEqual(LATE_MS - 5);
    expect(firing.firedAt.getTime() - at).toBeLessThan(60_000);
    expect(firing.target).toMatchObject({ RoleArn: ROLE, Input: `{"at":"${new Date(at).toISOString().slice(0, 19)}Z"}` });
    await expectError(client.send(new GetScheduleCommand({ Name: 'soon', GroupName: 'portal' })), 'ResourceNotFoundException');
  });

  it('by default fires each occurrence a seeded random time within the minute after it', async () => {
    const other = await startSchedulerEmulator({ onFire: () => undefined });
    const sdk = new SchedulerClient(clientConfig(other.endpoint));
    const at = Math.ceil(Date.now() / 1000) * 1000 + 3_600_000;
    for (const name of ['a', 'b', 'c', 'd']) await sdk.send(new CreateScheduleCommand(schedule(name, { GroupName: undefined, ScheduleExpression: atExpression(at) })));
    const late = other.schedules().map((s) => s.nextFireAt!.getTime() - s.nextScheduledTime!.getTime());
    sdk.destroy();
    await other.close();
    expect(late.every((ms) => ms >= 0 && ms < 60_000)).toBe(true);
    expect(new Set(late).size).toBeGreaterThan(1);
  });

  it('answers ConflictException on an existing name and ResourceNotFoundException on a missing schedule or group', async () => {
    await client.send(new CreateScheduleCommand(schedule('twice')));
    await expectError(client.send(new CreateScheduleCommand(schedule('twice'))), 'ConflictException');
    await client.send(new UpdateScheduleCommand(schedule('twice', { State: 'DISABLED' })));
    expect((await client.send(new GetScheduleCommand({ Name: 'twice', GroupName: 'portal' }))).State).toBe('DISABLED');
    await expectError(client.send(new UpdateScheduleCommand(schedule('never-made'))), 'ResourceNotFoundException');
    await expectError(client.send(new CreateScheduleCommand(schedule('x', { GroupName: 'no-such-group' }))), 'ResourceNotFoundException');
    await client.send(new DeleteScheduleCommand({ Name: 'twice', GroupName: 'portal' }));
    await expectError(client.send(new DeleteScheduleCommand({ Name: 'twice', GroupName: 'portal' })), 'ResourceNotFoundException');
  });

  it('refuses what the model and the service rules refuse', async () => {
    const refused = [
      schedule('bad name'),
      schedule('n'.repeat(65)),
      schedule('zone', { ScheduleExpressionTimezone: 'Mars/Olympus' }),
      schedule('form', { ScheduleExpression: 'at(2030-02-30T00:00:00)' }),
      schedule('cron', { ScheduleExpression: 'cron(0 9 * * MON *)' }),
      schedule('window', { FlexibleTimeWindow: { Mode: 'FLEXIBLE' } }),
      schedule('window2', { FlexibleTimeWindow: { Mode: 'FLEXIBLE', MaximumWindowInMinutes: 1441 } }),
      schedule('mode', { FlexibleTimeWindow: { Mode: 'SOMETIMES' as never } }),
      schedule('role', { Target: { Arn: 'arn:aws:lambda:eu-central-1:000000000000:function:f', RoleArn: 'not-a-role' } }),
      schedule('ended', { ScheduleExpression: 'cron(0 9 ? * MON *)', EndDate: new Date(Date.now() - 60_000) }),
    ];
    for (const input of refused) await expectError(client.send(new CreateScheduleCommand(input)), 'ValidationException');
    await client.send(new CreateScheduleCommand(schedule('weekly', { ScheduleExpression: 'cron(30 9 ? * MON-FRI *)', ScheduleExpressionTimezone: 'Europe/Berlin', FlexibleTimeWindow: { Mode: 'FLEXIBLE', MaximumWindowInMinutes: 5 } })));
    const listed = await client.send(new ListSchedulesCommand({ GroupName: 'portal', NamePrefix: 'week' }));
    expect(listed.Schedules?.map((s) => s.Name)).toEqual(['weekly']);
  });

  it('asks scheduler:CreateSchedule on the schedule ARN and iam:PassRole on the target role', async () => {
    const denied = new SchedulerClient(clientConfig(scheduler.endpoint, 'AKIDDENIED'));
    const noPass = new SchedulerClient(clientConfig(scheduler.endpoint, 'AKIDNOPASS'));
    await expectError(denied.send(new CreateScheduleCommand(schedule('guarded'))), 'AccessDeniedException');
    await expectError(noPass.send(new CreateScheduleCommand(schedule('guarded'))), 'AccessDeniedException');
    denied.destroy();
    noPass.destroy();
    expect(scheduler.calls.filter((c) => !c.allowed).map((c) => [c.action, c.resources[0]])).toEqual([
      ['scheduler:CreateSchedule', 'arn:aws:scheduler:eu-central-1:000000000000:schedule/portal/guarded'],
      ['iam:PassRole', ROLE],
    ]);
  });
});
