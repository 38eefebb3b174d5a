import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { WEEKDAYS } from '@portal/shared/constants';
import type { ScheduledFiring, ScheduleTarget } from '../../functions/src/platform/scheduling/scheduler.port.ts';
import { ensureTable } from '../../infra/local/dynamodb-local.ts';
import { startLocalScheduler, type LocalScheduler, type LocalSchedulerOptions } from '../../infra/local/local-scheduler.ts';

// An own table: the integration runtime runs its own local scheduler on the main table, which would
// fire these schedules into the real handlers. Set before the functions' modules load (they read it).
const runtime = inject('runtime');
const TABLE = 'portal-scheduling-it';
Object.assign(process.env, { TABLE_NAME: TABLE, SCHEDULER: 'table' });
await ensureTable(runtime.dynamoDbEndpoint, TABLE);
const { scheduler, ScheduleInPastError } = await import('../../functions/src/platform/scheduling/scheduler.ts');
const { createTableScheduler, getSchedule } = await import('../../functions/src/platform/scheduling/table.adapter.ts');
const due = await import('../../functions/src/platform/scheduling/due-schedules.ts');
const guard = await import('../../functions/src/platform/scheduling/firing-guard.ts');
const { ScheduleFiringEntity } = await import('../../functions/src/platform/scheduling/schedule-firing.entity.ts');
const { dynamoDb } = await import('../../functions/src/platform/db/client.ts');

// DynamoDB Local unreachable, as while the soak kills it: every call of this process fails at once.
let tableDown = false;
dynamoDb.middlewareStack.add(
  (next) => async (args) => {
    if (tableDown) throw Object.assign(new Error('connect ECONNREFUSED (DynamoDB Local down)'), { code: 'ECONNREFUSED' });
    return next(args);
  },
  { step: 'initialize', name: 'tableOutage' },
);

const BERLIN = 'Europe/Berlin';
const names: string[] = [];
const schedulers: LocalScheduler[] = [];
const newName = () => {
  const name = `it-${randomUUID()}`;
  names.push(name);
  return name;
};
const target = (id: string = randomUUID()): ScheduleTarget => ({ module: 'notifications', type: 'test.fire', orgId: 'org-it', id });
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('Timed out waiting');
    await sleep(20);
  }
}
/** The next whole second at least `leadMs` ahead: at() keeps whole seconds. */
const nextSecond = (leadMs = 0) => new Date(Math.ceil((Date.now() + leadMs) / 1000) * 1000);
const scheduledTime = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** A local scheduler whose dispatch records firings (and when they came) instead of calling a handler. */
async function start(options: LocalSchedulerOptions & { fail?: (firing: ScheduledFiring, calls: number) => boolean | Error } = {}) {
  const fired: Array<{ firing: ScheduledFiring; at: number }> = [];
  const local = await startLocalScheduler({
    ...options,
    dispatch: async (firing) => {
      fired.push({ firing, at: Date.now() });
      const calls = fired.filter((f) => f.firing.schedule_name === firing.schedule_name).length;
      const failure = options.fail?.(firing, calls);
      if (failure instanceof Error) throw failure;
      if (failure) throw new Error(`handler failed on call ${calls}`);
    },
  });
  schedulers.push(local);
  return { local, fired, of: (name: string) => fired.filter((f) => f.firing.schedule_name === name) };
}

afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
  const table = createTableScheduler();
  await Promise.all(names.splice(0).map((name) => table.cancel(name)));
});

describe('the table adapter', () => {
  it('creates, replaces and cancels schedules by name', async () => {
    const name = newName();
    const t = target();
    const at = new Date(Date.now() + 3_600_000);
    await scheduler().scheduleOnce({ name, at, target: t });
    const once = await getSchedule(name);
    const whole = new Date(Math.ceil(at.getTime() / 1000) * 1000).toISOString();
    expect(once).toMatchObject({ name, orgId: 'org-it', kind: 'at', expression: `at(${whole.slice(0, 19)})`, timeZone: 'UTC', target: t, occurrenceAt: whole, dueAt: whole, state: 'scheduled', attempts: 0 });

    // Same name: replaced by a series, whose first occurrence is computed in its zone.
    await scheduler().scheduleRecurring({ name, time: '09:00', days: ['monday', 'friday'], timeZone: BERLIN, start: new Date(), target: t });
    const series = await getSchedule(name);
    expect(series).toMatchObject({ kind: 'cron', expression: 'cron(0 9 ? * MON,FRI *)', timeZone: BERLIN, time: '09:00', days: ['monday', 'friday'] });
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: BERLIN, weekday: 'long', hour: '2-digit', minute: '2-digit' }).format(new Date(series!.occurrenceAt));
    expect(local).toMatch(/^(Monday|Friday) 09:00$/);
    expect(new Date(series!.occurrenceAt).getTime()).toBeGreaterThan(Date.now());

    await scheduler().cancel(name);
    expect(await getSchedule(name)).toBeNull();
    await expect(scheduler().cancel(name)).resolves.toBeUndefined();
  });

  it('refuses a one-off in the past and drops a series that has ended', async () => {
    const name = newName();
    await expect(scheduler().scheduleOnce({ name, at: new Date(Date.now() - 1_000), target: target() })).rejects.toBeInstanceOf(ScheduleInPastError);
    await scheduler().scheduleOnce({ name, at: new Date(Date.now() + 60_000), target: target() });
    await scheduler().scheduleRecurring({ name, time: '09:00', days: [...WEEKDAYS], timeZone: BERLIN, start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-02-01T00:00:00Z'), target: target() });
    expect(await getSchedule(name)).toBeNull();
  });
});

describe('the local scheduler', () => {
  it('fires a one-off within a second of its due time, once, and removes it', async () => {
    const { of } = await start();
    const name = newName();
    const t = target();
    const at = nextSecond(1_000);
    await scheduler().scheduleOnce({ name, at, target: t });

    await waitFor(() => of(name).length > 0, 4_000);
    const [first] = of(name);
    expect(first!.at - at.getTime()).toBeGreaterThanOrEqual(0);
    expect(first!.at - at.getTime()).toBeLessThan(1_000);
    expect(first!.firing).toEqual({ source: 'portal.scheduler', schedule_name: name, target: t, occurrence: scheduledTime(at) });

    await sleep(600);
    expect(of(name)).toHaveLength(1);
    expect(await getSchedule(name)).toBeNull();
  });

  it('fires, after a restart, a schedule that became due while it was stopped', async () => {
    const before = await start();
    await before.local.stop();
    const name = newName();
    const at = nextSecond(200);
    await scheduler().scheduleOnce({ name, at, target: target() });
    await sleep(at.getTime() - Date.now() + 700);
    expect(before.of(name)).toHaveLength(0);

    const restartedAt = Date.now();
    const after = await start();
    await waitFor(() => after.of(name).length > 0, 2_000);
    expect(after.of(name)[0]!.at - restartedAt).toBeLessThan(1_000);
    expect(after.of(name)[0]!.firing.occurrence).toBe(scheduledTime(at));
  });

  it('collapses the occurrences a series missed while stopped into one firing, the oldest, and continues', async () => {
    const name = newName();
    const created = new Date('2026-03-27T12:00:00Z');
    await createTableScheduler({ now: () => created }).scheduleRecurring({ name, time: '09:00', days: [...WEEKDAYS], timeZone: BERLIN, start: created, target: target() });
    // Back four days later: 28th, 29th, 30th and 31st were missed.
    const { of } = await start({ now: () => new Date('2026-03-31T12:00:00Z') });
    await waitFor(() => of(name).length > 0);
    await sleep(600);
    expect(of(name).map((f) => f.firing.occurrence)).toEqual(['2026-03-28T08:00:00Z']);
    expect((await getSchedule(name))?.occurrenceAt).toBe('2026-04-01T07:00:00.000Z');
  });

  it('retries a failing handler with backoff, then dead-letters a one-off after 4 attempts', async () => {
    const flaky = newName();
    const broken = newName();
    const { of } = await start({ retryBaseMs: 50, fail: (firing, calls) => firing.schedule_name === broken || calls === 1 });
    const at = nextSecond(300);
    await Promise.all([flaky, broken].map((name) => scheduler().scheduleOnce({ name, at, target: target() })));

    await waitFor(() => of(flaky).length === 2 && of(broken).length === 4);
    // The same occurrence every time, so the handler's firing guard sees one firing.
    expect(new Set(of(flaky).map((f) => f.firing.occurrence))).toEqual(new Set([scheduledTime(at)]));
    await sleep(300);
    expect(await getSchedule(flaky)).toBeNull();
    expect(await getSchedule(broken)).toMatchObject({ state: 'failed', attempts: 4, lastError: 'Error: handler failed on call 4' });
    expect((await due.dueSchedules(new Date(Date.now() + 86_400_000))).map((s) => s.name)).not.toContain(broken);
    expect(of(broken)).toHaveLength(4);
  });

  it('spends no attempt on a firing the guard reports in progress, and fires it once it is free', async () => {
    const held = newName();
    // Six answers "in progress" (more than the 4 attempts a failure gets), as while a killed run's lease lasts.
    const { of } = await start({ retryBaseMs: 50, inProgressRetryMs: 50, fail: (firing, calls) => calls <= 6 && new guard.FiringInProgressError(firing) });
    await scheduler().scheduleOnce({ name: held, at: nextSecond(300), target: target() });
    await waitFor(() => of(held).length === 7);
    await sleep(300);
    expect(of(held)).toHaveLength(7);
    expect(await getSchedule(held)).toBeNull();
  });

  // Soak seed 1 (issue 31, reliability Open 4): a task's start firing that DynamoDB Local's outage
  // broke off could neither give back its claim nor record its failure; its schedule came due again
  // only at the end of its 60 s claim, and then waited out the firing guard's 90 s lease: the task
  // reached its people after the audit.
  it('fires again, as soon as the table is back, a firing an outage of the table broke off mid-effect', async () => {
    const name = newName();
    const effects: number[] = [];
    let calls = 0;
    let backAt = 0;
    const local = await startLocalScheduler({
      dispatch: async (firing) => {
        await guard.runFiringOnce(firing, async () => {
          calls++;
          if (calls === 1) {
            // The table goes away mid-effect, for 2 s: this read fails, and so do the guard's
            // release and the scheduler's record of the failure.
            tableDown = true;
            setTimeout(() => {
              tableDown = false;
              backAt = Date.now();
            }, 2_000);
            await getSchedule(name);
          }
          effects.push(Date.now());
        });
      },
    });
    schedulers.push(local);
    await scheduler().scheduleOnce({ name, at: nextSecond(300), target: target() });
    await waitFor(() => effects.length > 0, 10_000);
    expect(calls).toBe(2);
    // Its retry's backoff (1 s) after the failure is recorded, not the 60 s claim and the 90 s lease.
    expect(effects[0]! - backAt).toBeLessThan(4_000);
    await sleep(600);
    expect(effects).toHaveLength(1);
    expect(await getSchedule(name)).toBeNull();
  });

  // The portal SIGKILLed mid-firing (reliability Open 4): the new process's scheduler does not wait
  // out the dead run's 90 s lease.
  it("takes over at once a firing claimed by no run of this process (a killed process's)", async () => {
    const killed = newName();
    const killedAt = nextSecond(300);
    const killedTarget = randomUUID();
    const firing: ScheduledFiring = { source: 'portal.scheduler', schedule_name: killed, occurrence: scheduledTime(killedAt), target: target(killedTarget) };
    // The earlier process claimed its firing 5 s ago and died: its lease would hold for 85 s more.
    expect(await guard.claimFiringState(firing, { now: new Date(Date.now() - 5_000) })).toBe('claimed');
    const effects: string[] = [];
    const local = await startLocalScheduler({
      inProgressRetryMs: 200,
      dispatch: async (f) => {
        await guard.runFiringOnce(f, async () => {
          effects.push(f.schedule_name);
        });
      },
    });
    schedulers.push(local);
    await scheduler().scheduleOnce({ name: killed, at: killedAt, target: target(killedTarget) });
    await waitFor(() => effects.includes(killed));
    await sleep(600);
    expect(effects).toEqual([killed]);
    expect(await getSchedule(killed)).toBeNull();
  });

  it('waits, without spending attempts, for a firing a run of this process still holds, and fires it once', async () => {
    const live = newName();
    let open!: () => void;
    const gate = new Promise<void>((done) => {
      open = done;
    });
    const effects: string[] = [];
    const refusals: string[] = [];
    const dispatch = async (firing: ScheduledFiring) => {
      try {
        await guard.runFiringOnce(firing, async () => {
          effects.push(firing.schedule_name);
          await gate;
        });
      } catch (error) {
        refusals.push((error as Error).name);
        throw error;
      }
    };
    schedulers.push(await startLocalScheduler({ inProgressRetryMs: 200, dispatch }));
    await scheduler().scheduleOnce({ name: live, at: nextSecond(300), target: target() });
    await waitFor(() => effects.length > 0);
    // A second scheduler of the same process, its clock 61 s ahead: to it the first's claim on the
    // row has run out, so it fires the occurrence again while the first's run is still at work.
    schedulers.push(await startLocalScheduler({ inProgressRetryMs: 200, dispatch, now: () => new Date(Date.now() + 61_000) }));
    await waitFor(() => refusals.length >= 2);
    expect(effects).toEqual([live]);
    expect(new Set(refusals)).toEqual(new Set(['FiringInProgressError']));
    expect(await getSchedule(live)).toMatchObject({ state: 'scheduled', attempts: 0 });
    open();
    await waitFor(async () => (await getSchedule(live)) === null);
    expect(effects).toEqual([live]);
  });

  it('fires a schedule once even with two schedulers polling the same table', async () => {
    const first = await start();
    const second = await start();
    const name = newName();
    await scheduler().scheduleOnce({ name, at: nextSecond(300), target: target() });
    await waitFor(() => first.of(name).length + second.of(name).length > 0);
    await sleep(700);
    expect(first.of(name).length + second.of(name).length).toBe(1);
  });
});

describe('advancing a series with a fake clock', () => {
  /** Fires the series by hand: poll at each due time, claim, advance. */
  async function fireThrough(name: string, until: Date) {
    const occurrences: string[] = [];
    for (;;) {
      const row = await getSchedule(name);
      if (!row || new Date(row.occurrenceAt) >= until) return occurrences;
      // Not due a second before its time, due at it.
      expect((await due.dueSchedules(new Date(new Date(row.dueAt).getTime() - 1_000))).map((s) => s.name)).not.toContain(name);
      const clock = new Date(new Date(row.dueAt).getTime() + 100);
      const found = (await due.dueSchedules(clock)).find((s) => s.name === name);
      expect(found).toBeDefined();
      const claimed = await due.claimSchedule(found!, clock);
      expect(claimed).not.toBeNull();
      // A second claim of what was read loses.
      expect(await due.claimSchedule(found!, clock)).toBeNull();
      occurrences.push(due.firingOf(claimed!).occurrence);
      await due.advance(claimed!, claimed!.occurrenceAt, clock);
    }
  }

  it('gives a daily 09:00 Europe/Berlin series 08:00Z before the spring-forward change and 07:00Z after, until its end', async () => {
    const name = newName();
    const created = new Date('2026-03-27T12:00:00Z');
    await createTableScheduler({ now: () => created }).scheduleRecurring({
      name,
      time: '09:00',
      days: [...WEEKDAYS],
      timeZone: BERLIN,
      start: created,
      end: new Date('2026-03-31T22:00:00Z'),
      target: target(),
    });
    expect(await fireThrough(name, new Date('2027-01-01T00:00:00Z'))).toEqual([
      '2026-03-28T08:00:00Z',
      '2026-03-29T07:00:00Z',
      '2026-03-30T07:00:00Z',
      '2026-03-31T07:00:00Z',
    ]);
    // Past its end the series is done and deleted, as ActionAfterCompletion DELETE does on AWS.
    expect(await getSchedule(name)).toBeNull();
  });

  it('gives 07:00Z before the fall-back change and 08:00Z after', async () => {
    const name = newName();
    const created = new Date('2026-10-23T12:00:00Z');
    await createTableScheduler({ now: () => created }).scheduleRecurring({ name, time: '09:00', days: [...WEEKDAYS], timeZone: BERLIN, start: created, target: target() });
    expect(await fireThrough(name, new Date('2026-10-27T00:00:00Z'))).toEqual(['2026-10-24T07:00:00Z', '2026-10-25T08:00:00Z', '2026-10-26T08:00:00Z']);
  });
});

describe('the firing guard', () => {
  const firing = (occurrence = '2026-03-29T07:00:00Z'): ScheduledFiring => ({ source: 'portal.scheduler', schedule_name: newName(), target: target(), occurrence });

  it('lets a firing claimed twice (or concurrently) act once, whatever ISO form the occurrence has', async () => {
    const f = firing();
    const claims = await Promise.all(Array.from({ length: 5 }, () => guard.claimFiring(f)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await guard.claimFiring(f)).toBe(false);
    expect(await guard.claimFiring({ ...f, occurrence: '2026-03-29T07:00:00.000Z' })).toBe(false);
    // Another occurrence of the same schedule is its own firing.
    expect(await guard.claimFiring({ ...f, occurrence: '2026-03-30T07:00:00Z' })).toBe(true);
  });

  it('runs the effect once per firing: duplicates wait for the first and are then dropped', async () => {
    const f = firing();
    let effects = 0;
    const effect = async () => {
      effects++;
      await sleep(100);
    };
    const results = await Promise.allSettled([guard.runFiringOnce(f, effect), guard.runFiringOnce(f, effect), guard.runFiringOnce(f, effect)]);
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<boolean>).value)).toEqual([true]);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason)).toEqual([
      expect.any(guard.FiringInProgressError),
      expect.any(guard.FiringInProgressError),
    ]);
    expect(await guard.runFiringOnce(f, effect)).toBe(false);
    expect(effects).toBe(1);
  });

  it("lets a retry act after a failed effect, and after a crashed holder's lease ran out", async () => {
    const failed = firing();
    await expect(guard.runFiringOnce(failed, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    let effects = 0;
    expect(await guard.runFiringOnce(failed, async () => void effects++)).toBe(true);
    expect(effects).toBe(1);

    const crashed = firing();
    const t0 = new Date();
    expect(await guard.claimFiring(crashed, { now: t0, leaseSeconds: 1 })).toBe(true);
    expect(await guard.claimFiring(crashed, { now: new Date(t0.getTime() + 500) })).toBe(false);
    expect(await guard.claimFiring(crashed, { now: new Date(t0.getTime() + 2_000) })).toBe(true);
  });

  it('keeps the marker for 7 days after the occurrence (TTL)', async () => {
    const f = firing(new Date(Date.now() + 60_000).toISOString());
    await guard.claimFiring(f);
    const { data } = await ScheduleFiringEntity.get({ orgId: 'org-it', scheduleId: f.schedule_name, occurrenceAt: `${f.occurrence.slice(0, 19)}Z` }).go();
    expect(data?.expiresAt).toBe(Math.floor(new Date(f.occurrence).getTime() / 1000) + 7 * 86_400);
  });
});
