import { randomUUID } from 'node:crypto';
import { allowAll, type AuthorizingOptions, type CallRecord } from './aws-authz.ts';
import { AwsFault, authorizeOrThrow, callerOf, jsonErrorWriter, sendJson, startHttpServer } from './aws-http.ts';
import { arn } from './aws-identity.ts';
import { loadModel } from './aws-model.ts';
import { validationFault } from './json-rpc.ts';
import { readRestJson } from './rest-json.ts';
import { nextOccurrence, type Expression } from './schedule-expression.ts';
import { checkSchedule, epochMs, type ScheduleInput } from './scheduler-rules.ts';

/** What a schedule's firing hands the harness: the target as AWS would invoke it. */
export interface Firing {
  scheduleArn: string;
  name: string;
  groupName: string;
  /** The occurrence's time (what `<aws.scheduler.scheduled-time>` says), not when it fired. */
  scheduledTime: Date;
  firedAt: Date;
  target: { Arn: string; RoleArn: string; Input?: string; RetryPolicy?: object; DeadLetterConfig?: { Arn?: string } };
}

export interface SchedulerEmulatorOptions extends AuthorizingOptions {
  onFire(firing: Firing): void | Promise<void>;
  /** How late each occurrence fires, in ms (0 ≤ n < 60 000); default a seeded random within the minute, as the real service may. */
  fireLateBy?: number | ((scheduledTime: Date) => number);
  /** Seed of the default lateness. */
  seed?: number;
}

export interface ScheduleState {
  arn: string;
  name: string;
  groupName: string;
  expression: string;
  timeZone: string;
  state: 'ENABLED' | 'DISABLED';
  target: Firing['target'];
  /** The next occurrence and when it will fire (occurrence + lateness); undefined when none is left. */
  nextScheduledTime?: Date;
  nextFireAt?: Date;
}

export interface SchedulerEmulator {
  endpoint: string;
  close(): Promise<void>;
  /** Creates a schedule group as the template would (no authorization). */
  createGroup(name: string): string;
  schedules(): ScheduleState[];
  /** Firings that threw in onFire (AWS would retry, then send to the target's DLQ). */
  failedFirings: { firing: Firing; error: unknown }[];
  calls: CallRecord[];
}

interface Stored {
  input: ScheduleInput;
  expression: Expression;
  arn: string;
  groupName: string;
  created: number;
  modified: number;
  next?: { scheduled: number; fireAt: number; timer: NodeJS.Timeout };
}

const model = loadModel('scheduler');
const MINUTE = 60_000;
/** setTimeout's ceiling; a later occurrence re-arms on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A small seeded generator (mulberry32): the same lateness on every run with the same seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const notFound = (message: string) => new AwsFault(404, 'ResourceNotFoundException', message);
const seconds = (ms: number) => ms / 1000;

/**
 * EventBridge Scheduler (REST-JSON): schedule groups and schedules, validated as the service
 * does, each schedule firing its target through `onFire` at its occurrences, late by up to a minute.
 */
export async function startSchedulerEmulator(options: SchedulerEmulatorOptions): Promise<SchedulerEmulator> {
  const authorize = options.authorize ?? allowAll;
  const calls = options.calls ?? [];
  const random = seeded(options.seed ?? 27);
  const groups = new Map<string, { arn: string; created: number }>();
  const schedules = new Map<string, Stored>();
  const failedFirings: SchedulerEmulator['failedFirings'] = [];
  const key = (group: string, name: string) => `${group}/${name}`;
  const scheduleArn = (group: string, name: string) => arn('scheduler', `schedule/${group}/${name}`);
  const groupArn = (name: string) => arn('scheduler', `schedule-group/${name}`);

  const createGroup = (name: string) => {
    if (groups.has(name)) throw new AwsFault(409, 'ConflictException', `Schedule group ${name} already exists.`);
    groups.set(name, { arn: groupArn(name), created: Date.now() });
    return groupArn(name);
  };
  createGroup('default');

  const lateness = (scheduled: number, input: ScheduleInput) => {
    const late = typeof options.fireLateBy === 'function' ? options.fireLateBy(new Date(scheduled)) : (options.fireLateBy ?? Math.floor(random() * MINUTE));
    const window = input.FlexibleTimeWindow.Mode === 'FLEXIBLE' ? Math.floor(random() * (input.FlexibleTimeWindow.MaximumWindowInMinutes ?? 0) * MINUTE) : 0;
    return late + window;
  };

  /** Arms the timer of the schedule's next occurrence after `after`. */
  const arm = (stored: Stored, after: number) => {
    if (stored.next) clearTimeout(stored.next.timer);
    stored.next = undefined;
    const { input } = stored;
    const start = epochMs(input.StartDate);
    const end = epochMs(input.EndDate);
    const anchor = start ?? stored.created;
    const scheduled = nextOccurrence(stored.expression, input.ScheduleExpressionTimezone ?? 'UTC', Math.max(after, start !== undefined ? start - 1 : -Infinity), anchor);
    if (scheduled === undefined || (end !== undefined && scheduled >= end)) return completed(stored);
    const fireAt = Math.max(scheduled, Date.now()) + lateness(scheduled, input);
    const wait = () => {
      const remaining = fireAt - Date.now();
      const timer = setTimeout(() => (remaining > MAX_TIMER_MS ? wait() : void fire(stored, scheduled)), Math.min(remaining, MAX_TIMER_MS));
      stored.next = { scheduled, fireAt, timer };
    };
    wait();
  };

  const completed = (stored: Stored) => {
    if (stored.input.ActionAfterCompletion === 'DELETE') schedules.delete(key(stored.groupName, stored.input.Name));
  };

  const fire = async (stored: Stored, scheduled: number) => {
    if (schedules.get(key(stored.groupName, stored.input.Name)) !== stored) return;
    const { Target } = stored.input;
    const input = Target.Input?.replaceAll('<aws.scheduler.scheduled-time>', new Date(scheduled).toISOString().replace(/\.\d{3}Z$/, 'Z'))
      .replaceAll('<aws.scheduler.schedule-arn>', stored.arn)
      .replaceAll('<aws.scheduler.execution-id>', randomUUID())
      .replaceAll('<aws.scheduler.attempt-number>', '1');
    const firing: Firing = {
      scheduleArn: stored.arn,
      name: stored.input.Name,
      groupName: stored.groupName,
      scheduledTime: new Date(scheduled),
      firedAt: new Date(),
      target: { Arn: Target.Arn, RoleArn: Target.RoleArn, ...(input !== undefined ? { Input: input } : {}), ...(Target.RetryPolicy ? { RetryPolicy: Target.RetryPolicy } : {}), ...(Target.DeadLetterConfig ? { DeadLetterConfig: Target.DeadLetterConfig } : {}) },
    };
    arm(stored, scheduled);
    try {
      await options.onFire(firing);
    } catch (error) {
      failedFirings.push({ firing, error });
    }
  };

  const put = (input: ScheduleInput, caller: string, replace: boolean) => {
    const groupName = input.GroupName ?? 'default';
    const resource = scheduleArn(groupName, input.Name);
    authorizeOrThrow(authorize, calls, { service: 'scheduler', action: replace ? 'scheduler:UpdateSchedule' : 'scheduler:CreateSchedule', resources: [resource], accessKeyId: caller });
    // The service passes the target's role to itself: the caller needs iam:PassRole on it.
    authorizeOrThrow(authorize, calls, { service: 'iam', action: 'iam:PassRole', resources: [input.Target.RoleArn], accessKeyId: caller, context: { 'iam:PassedToService': ['scheduler.amazonaws.com'] } });
    const expression = checkSchedule(input, Date.now());
    if (!groups.has(groupName)) throw notFound(`Schedule group ${groupName} does not exist.`);
    const existing = schedules.get(key(groupName, input.Name));
    if (!replace && existing) throw new AwsFault(409, 'ConflictException', `Schedule ${input.Name} already exists.`);
    if (replace && !existing) throw notFound(`Schedule ${input.Name} does not exist.`);
    if (existing?.next) clearTimeout(existing.next.timer);
    const now = Date.now();
    const stored: Stored = { input, expression, arn: resource, groupName, created: existing?.created ?? now, modified: now };
    schedules.set(key(groupName, input.Name), stored);
    if ((input.State ?? 'ENABLED') === 'ENABLED') arm(stored, expression.kind === 'at' ? -Infinity : now);
    return { ScheduleArn: resource };
  };

  const find = (groupName: string, name: string) => {
    const stored = schedules.get(key(groupName, name));
    if (!stored) throw notFound(`Schedule ${name} does not exist.`);
    return stored;
  };

  const describe = (stored: Stored) => {
    const { input } = stored;
    return {
      ...input,
      Arn: stored.arn,
      GroupName: stored.groupName,
      State: input.State ?? 'ENABLED',
      ActionAfterCompletion: input.ActionAfterCompletion ?? 'NONE',
      ScheduleExpressionTimezone: input.ScheduleExpressionTimezone ?? 'UTC',
      CreationDate: seconds(stored.created),
      LastModificationDate: seconds(stored.modified),
    };
  };

  const server = await startHttpServer(async (req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const caller = callerOf(req);
    const { operation, input } = readRestJson(model, req, url, body, validationFault);
    const ask = (action: string, resource: string) => authorizeOrThrow(authorize, calls, { service: 'scheduler', action: `scheduler:${action}`, resources: [resource], accessKeyId: caller });
    const name = String(input.Name);
    const groupName = (input.GroupName as string | undefined) ?? 'default';
    switch (operation) {
      case 'CreateSchedule':
        return sendJson(res, 200, put(input as unknown as ScheduleInput, caller, false));
      case 'UpdateSchedule':
        return sendJson(res, 200, put(input as unknown as ScheduleInput, caller, true));
      case 'GetSchedule':
        ask(operation, scheduleArn(groupName, name));
        return sendJson(res, 200, describe(find(groupName, name)));
      case 'DeleteSchedule': {
        ask(operation, scheduleArn(groupName, name));
        const stored = find(groupName, name);
        if (stored.next) clearTimeout(stored.next.timer);
        schedules.delete(key(groupName, name));
        return sendJson(res, 200, {});
      }
      case 'ListSchedules': {
        ask(operation, '*');
        const matching = [...schedules.values()].filter((s) => (input.GroupName === undefined || s.groupName === input.GroupName) && s.input.Name.startsWith(String(input.NamePrefix ?? '')) && (input.State === undefined || (s.input.State ?? 'ENABLED') === input.State));
        const from = Number(input.NextToken ?? 0);
        const page = matching.slice(from, from + ((input.MaxResults as number | undefined) ?? 100));
        const nextToken = from + page.length < matching.length ? String(from + page.length) : undefined;
        const Schedules = page.map((s) => {
          const full = describe(s);
          return { Arn: full.Arn, Name: full.Name, GroupName: full.GroupName, State: full.State, CreationDate: full.CreationDate, LastModificationDate: full.LastModificationDate, Target: { Arn: s.input.Target.Arn } };
        });
        return sendJson(res, 200, { Schedules, ...(nextToken ? { NextToken: nextToken } : {}) });
      }
      case 'CreateScheduleGroup':
        ask(operation, groupArn(name));
        return sendJson(res, 200, { ScheduleGroupArn: createGroup(name) });
      case 'GetScheduleGroup': {
        ask(operation, groupArn(name));
        const group = groups.get(name);
        if (!group) throw notFound(`Schedule group ${name} does not exist.`);
        return sendJson(res, 200, { Arn: group.arn, Name: name, State: 'ACTIVE', CreationDate: seconds(group.created), LastModificationDate: seconds(group.created) });
      }
      default:
        throw new AwsFault(400, 'ValidationException', `${operation} is not emulated.`);
    }
  }, jsonErrorWriter('application/json'));

  return {
    ...server,
    close: async () => {
      for (const stored of schedules.values()) if (stored.next) clearTimeout(stored.next.timer);
      await server.close();
    },
    createGroup,
    schedules: () =>
      [...schedules.values()].map((s) => ({
        arn: s.arn,
        name: s.input.Name,
        groupName: s.groupName,
        expression: s.input.ScheduleExpression,
        timeZone: s.input.ScheduleExpressionTimezone ?? 'UTC',
        state: s.input.State ?? 'ENABLED',
        target: s.input.Target,
        ...(s.next ? { nextScheduledTime: new Date(s.next.scheduled), nextFireAt: new Date(s.next.fireAt) } : {}),
      })),
    failedFirings,
    calls,
  };
}
