import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { actionSchema, type ActionDto } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { createEnvelope, topicsFor } from '@portal/shared/devices/topics';
import { medianOf, percentileOf, rateOf } from '@portal/shared/reports/durations';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { sendAction } from '../../functions/src/actions/actions.service.ts';
import { fireStepTimeout } from '../../functions/src/actions/escalation.service.ts';
import { actionFacts } from '../../functions/src/actions/report-refresh.ts';
import { applyAnswer } from '../../functions/src/actions/uplink.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { parseInput } from '../../functions/src/platform/http/validate.middleware.ts';
import { localTimeOf } from '../../functions/src/platform/reports/fact-content.ts';
import { mergeByDate, mergeByValue, readRollups } from '../../functions/src/platform/reports/read-rollups.ts';
import { dayIn } from '../../functions/src/platform/tenancy/organization-day.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { failNextTransaction, recordQueuedJobs } from '../support/report-refresh-failure.ts';
import { byKey } from '../support/rollup-totals.ts';

/**
 * The actions module feeds the reports kit (issue 32, decision 0087): every path that changes an
 * action refreshes its fact, and the rollups read back as exact figures. Sends at fixed clocks
 * around a Berlin midnight a few hours ahead (so no real timer fires during the test), answers
 * through the uplink service with the device's time, time-outs through the scheduled path's
 * function, a withdrawal through the API; an answer's envelope delivered twice and a refresh run
 * twice change nothing.
 */
process.env.SCHEDULER ??= 'table';

const ZONE = 'Europe/Berlin';
const PASSWORD = 'Report-Pass-1!';
const { userEvents: userEventsTopic } = topicsFor();
const DIMENSIONS = ['ALL', 'TEMPLATE', 'GROUP', 'LEVEL', 'HOUR'] as const;

describe('actions: report facts (decision 0087)', () => {
  let orgId: string;
  let adminId: string;
  let token: string;
  const staff: string[] = [];
  /** A Berlin midnight some hours ahead: day D before it, D+1 after it. */
  let midnight: number;
  let dayBefore: string;
  let dayAfter: string;
  /** Every job put on the actions queue, before the in-process queue takes it. */
  const queue = recordQueuedJobs();

  const api = (method: string, path: string, body?: unknown) => callApi('actions', method, `/api/organizations/${orgId}${path}`, { token, body });
  const content = { title: { text: 'Till 3' }, body: { text: '' } };
  const groupsOf = (groups: string[][]) => groups.map((ids, i) => ({ group_number: i, recipients: ids.map((id) => ({ id, type: 'user' })) }));

  /** Sent through the service at a fixed clock, its asking job run. */
  async function send(at: number, groups: string[][], forwardAfter: number, templateId?: string): Promise<ActionDto> {
    const input = await parseInput(actionSchema, {
      content,
      recipient_groups: groupsOf(groups),
      config: { forward_after: forwardAfter, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any, number: null } },
      meta: { template_id: templateId ?? null, trigger_id: null },
    });
    const action = await sendAction(orgId, adminId, input, new Date(at));
    await localDeliveryQueue().idle();
    return action;
  }
  /** An accept from the user's own events topic, answered `afterMs` after the send (the device's time and the server's). */
  function accept(action: ActionDto, userId: string, afterMs: number, envelopeId = randomUUID()) {
    const at = new Date(Date.parse(action.opts.send_time) + afterMs);
    const envelope = createEnvelope('accepted', { kind: 'action', action_id: action.id, at: at.toISOString() }, envelopeId);
    return applyAnswer(userEventsTopic(orgId, userId), envelope, at);
  }
  /** A step's time-out, fired a second after its deadline. */
  async function timeOut(actionId: string) {
    const row = await readAction(orgId, actionId);
    const result = await fireStepTimeout(orgId, actionId, new Date(Date.parse(row!.stepDeadline) + 1000));
    await localDeliveryQueue().idle();
    return result;
  }
  const rows = (dimension: string) => readRollups({ orgId, kind: 'ACTION', dimension, from: dayBefore, to: dayAfter });
  const everyDimension = async () => Object.fromEntries(await Promise.all(DIMENSIONS.map(async (d) => [d, await rows(d)] as const)));

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@report-facts.test`;
    adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Report Market', timeZone: ZONE, owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    for (let i = 0; i < 8; i++) {
      const userId = `staff-${i}-${randomUUID().slice(0, 6)}`;
      await insertUser({ orgId, userId, email: `${userId}@report-facts.test`, firstname: 'Staff', lastname: String(i), type: 'normal', accessLevel: 'employee' });
      staff.push(userId);
    }
    expect((await api('PUT', '/settings/actions', { forward_after_options: [30, 1_800], forward_after_default: 1_800 })).status).toBe(200);
    const next = dayIn(ZONE, new Date(Date.now() + 3 * 3_600_000));
    midnight = Date.parse(next.end);
    dayBefore = next.date;
    dayAfter = dayIn(ZONE, new Date(midnight + 1)).date;
  });

  it('gives exact counts, rate, median and 90th percentile by day, template, group, level and hour; repeats change nothing', async () => {
    const [a, b, c, d, e, f, g] = staff as [string, string, string, string, string, string, string];
    const template = async (title: string) => {
      const created = await api('POST', '/action-templates', { action: { content: { ...content, title: { text: title } }, recipient_groups: [], config: { forward_after: 1_800, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any, number: null } } } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return (created.body as { id: string }).id;
    };
    const [t1, t2] = [await template('Till'), await template('Spill')];
    const minutes = (n: number) => midnight + n * 60_000;

    // Day D at 23:30 and 23:40, accepted after 10 s and 20 s.
    const a1 = await send(minutes(-30), [[a]], 1_800, t1);
    const a2 = await send(minutes(-20), [[b]], 1_800, t1);
    // Day D+1 at 00:05: accepted after 20.5 s; 00:10: escalated at its 30 s time-out, accepted by
    // the second group after 60 s; 00:15: expired unanswered; 00:20: withdrawn.
    const a3 = await send(minutes(5), [[c]], 1_800, t2);
    const a4 = await send(minutes(10), [[d], [e]], 30);
    const a5 = await send(minutes(15), [[f]], 30);
    const a6 = await send(minutes(20), [[g]], 1_800, t2);

    expect(await accept(a1, a, 10_000)).toBe('counted');
    expect(await accept(a2, b, 20_000)).toBe('counted');
    const envelope = randomUUID();
    expect(await accept(a3, c, 20_500, envelope)).toBe('counted');
    expect(await timeOut(a4.id)).toBe('escalated');
    expect(await accept(a4, e, 60_000)).toBe('counted');
    expect(await timeOut(a5.id)).toBe('expired');
    expect((await api('DELETE', `/actions/${a6.id}`)).status).toBe(204);
    await localDeliveryQueue().idle();
    expect((await readAction(orgId, a4.id))!).toMatchObject({ state: 'fulfilled', step: 1, firstStep: 0 });
    expect((await readAction(orgId, a6.id))!.state).toBe('withdrawn');

    const [all] = mergeByValue(await rows('ALL'));
    expect(all!.counters).toEqual({ n: 5, acc: 4, esc: 1, exp: 1, wd: 1 });
    expect(all!.durations).toEqual({ 10_000: 1, 20_000: 1, 20_500: 1, 60_000: 1 });
    expect(rateOf(all!.counters.acc!, all!.counters.n!)).toBe(0.8);
    expect(medianOf(all!.durations)).toBe(20_250);
    expect(percentileOf(all!.durations, 0.9)).toBe(60_000);

    expect(byKey(mergeByDate(await rows('ALL')))).toEqual({
      [dayBefore]: { n: 2, acc: 2, durations: { 10_000: 1, 20_000: 1 } },
      [dayAfter]: { n: 3, acc: 2, esc: 1, exp: 1, wd: 1, durations: { 20_500: 1, 60_000: 1 } },
    });
    expect(byKey(mergeByValue(await rows('TEMPLATE')))).toEqual({
      [t1]: { n: 2, acc: 2, durations: { 10_000: 1, 20_000: 1 } },
      [t2]: { n: 1, acc: 1, wd: 1, durations: { 20_500: 1 } },
      '-': { n: 2, acc: 1, esc: 1, exp: 1, durations: { 60_000: 1 } },
    });
    expect(byKey(mergeByValue(await rows('HOUR')))).toEqual({
      '23': { n: 2, acc: 2, durations: { 10_000: 1, 20_000: 1 } },
      '00': { n: 3, acc: 2, esc: 1, exp: 1, wd: 1, durations: { 20_500: 1, 60_000: 1 } },
    });
    expect(byKey(mergeByValue(await rows('LEVEL')))).toEqual({
      '0': { n: 4, acc: 3, exp: 1, wd: 1, durations: { 10_000: 1, 20_000: 1, 20_500: 1 } },
      '1': { n: 1, acc: 1, esc: 1, durations: { 60_000: 1 } },
    });
    // People named one by one are one row; the escalated action counts in it once.
    expect(byKey(mergeByValue(await rows('GROUP')))).toEqual({ 'user:*': { ...all!.counters, durations: all!.durations } });
    expect(await rows('TRIGGER')).toEqual([]);

    // The same envelope again, a refresh run twice, a time-out fired again: nothing moves.
    const before = await everyDimension();
    expect(await accept(a3, c, 20_500, envelope)).toBe('duplicate');
    expect(await actionFacts.now(orgId, a1.id)).toBe('unchanged');
    expect(await actionFacts.now(orgId, a1.id)).toBe('unchanged');
    expect(await timeOut(a5.id)).toBe('none');
    expect(await everyDimension()).toEqual(before);

    // The withdrawn action deleted: its fact stays, history as it was.
    expect((await api('DELETE', `/actions/${a6.id}`)).status).toBe(204);
    expect(await readAction(orgId, a6.id)).toBeNull();
    expect(await actionFacts.now(orgId, a6.id)).toBe('gone');
    expect(await everyDimension()).toEqual(before);
  }, 60_000);

  it('queues a report.refresh:ACTION job when the refresh fails where the action changed, and the job brings the fact up to date', async () => {
    const [, , , , , , , h] = staff as string[];
    // The first refresh transaction fails (the table throttled, say); the path itself succeeds.
    const transaction = failNextTransaction();
    const at = midnight + 3 * 3_600_000;
    const action = await send(at, [[h!]], 1_800);
    vi.restoreAllMocks();
    await localDeliveryQueue().idle();

    expect(transaction.failed()).toBe(true);
    expect(queue.jobs.filter((job) => job.kind === 'report.refresh:ACTION' && (job.payload as { itemId: string }).itemId === action.id)).toEqual([{ orgId, module: 'actions', kind: 'report.refresh:ACTION', payload: { itemId: action.id } }]);
    expect(localDeliveryQueue().deadLetters).toEqual([]);
    expect(await actionFacts.now(orgId, action.id)).toBe('unchanged');
    const local = localTimeOf(action.opts.send_time, ZONE);
    const hour = mergeByValue(await readRollups({ orgId, kind: 'ACTION', dimension: 'HOUR', from: local.localDate, to: local.localDate }));
    expect(hour.find((row) => row.key === String(local.localHour).padStart(2, '0'))?.counters).toEqual({ n: 1 });
  });
});
