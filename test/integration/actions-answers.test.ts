import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ActionDto, ActionStatus } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { createEnvelope, parseEnvelope, topicsFor, type Envelope } from '@portal/shared/devices/topics';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { answerAction } from '../../functions/src/actions/answers.service.ts';
import { fireStepTimeout } from '../../functions/src/actions/escalation.service.ts';
import { handler as scheduledHandler } from '../../functions/src/actions/scheduled.handler.ts';
import { stepScheduleName } from '../../functions/src/actions/step-timeout.ts';
import { handler as uplinkHandler } from '../../functions/src/actions/uplink.handler.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { occurrenceOf } from '../../functions/src/platform/scheduling/schedule-names.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { waitFor as waitUntil } from '../support/wait-for.ts';

/**
 * The answers and the escalation of actions (issue 13, docs/decisions action escalation) against
 * DynamoDB Local, the aedes broker and the local scheduler of the integration runtime: answers
 * arrive through the uplink function as a watch's events would, time-outs through the scheduled
 * function (and the runtime's own scheduler, which fires each step's schedule at its deadline).
 */
const { inbox: inboxTopic, userEvents: userEventsTopic } = topicsFor();

process.env.SCHEDULER ??= 'table';

const runtime = inject('runtime');
const PASSWORD = 'Action-Pass-1!';
const clients: MqttClient[] = [];

/** The kit's poll with this file's patience: 50 answers and their replies take a while on a busy machine. */
const waitFor = <T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string, timeoutMs = 15_000) => waitUntil(read, done, what, timeoutMs);

/** A user's watch: the inbox as the broker delivers it (the portal's internal credentials: authorisation is tested elsewhere). */
async function watchOf(orgId: string, userId: string) {
  const client = await connectAsync(runtime.mqttTcpUrl, { username: 'portal', password: runtime.mqttInternalToken, clientId: `portal-watch-${randomUUID()}`, reconnectPeriod: 0 });
  clients.push(client);
  const inbox: Envelope[] = [];
  client.on('message', (_topic, payload) => {
    const envelope = parseEnvelope(payload.toString('utf8'));
    if (envelope) inbox.push(envelope);
  });
  await client.subscribeAsync(inboxTopic(orgId, userId), { qos: 1 });
  const of = (actionId: string, type: string) => inbox.filter((e) => e.type === type && e.data.action_id === actionId);
  return { userId, inbox, of };
}
type Watch = Awaited<ReturnType<typeof watchOf>>;

const content = (title: string) => ({ title: { text: title }, body: { text: '' } });
const usersGroup = (group_number: number, ids: string[]) => ({ group_number, recipients: ids.map((id) => ({ id, type: 'user' })) });
const threshold = (type: number, number: number | null = null) => ({ type, number });

describe('actions: answers and escalation', () => {
  let orgId: string;
  let admin: { userId: string; token: string };
  const users: string[] = [];
  const watches = new Map<string, Watch>();
  const watch = (userId: string) => watches.get(userId)!;

  const api = (method: string, path: string, body?: unknown) => callApi('actions', method, `/api/organizations/${orgId}${path}`, { token: admin.token, body });
  const send = async (groups: string[][], config: Record<string, unknown>): Promise<ActionDto> => {
    const answer = await api('POST', '/actions', {
      content: content(`Till 3 ${randomUUID().slice(0, 6)}`),
      recipient_groups: groups.map((ids, i) => usersGroup(i, ids)),
      config: { forward_after: 10, response_threshold: threshold(RESPONSE_THRESHOLD_TYPES.Any), ...config },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    await localDeliveryQueue().idle();
    return answer.body as ActionDto;
  };
  const status = async (id: string) => (await api('GET', `/actions/${id}/status`)).body as ActionStatus;
  /** An answer as the watch emulator publishes it, through the uplink function. */
  const answer = (userId: string, actionId: string, type: 'accepted' | 'declined', envelopeId = randomUUID()) =>
    uplinkHandler({ topic: userEventsTopic(orgId, userId), payload: JSON.stringify(createEnvelope(type, { kind: 'action', action_id: actionId, at: new Date().toISOString() }, envelopeId)) });
  const repliesTo = (userId: string, actionId: string) => watch(userId).of(actionId, 'action_answer').map((e) => e.data.outcome);

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@actions.test`;
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Action Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    admin = { userId: adminId, token: await signIn(email, PASSWORD) };
    // 60 staff written straight to the table (no Cognito identities are needed to be asked).
    for (let i = 0; i < 60; i += 20) {
      await Promise.all(
        Array.from({ length: 20 }, async (_, j) => {
          const userId = `staff-${String(i + j).padStart(2, '0')}-${randomUUID().slice(0, 6)}`;
          await insertUser({ orgId, userId, email: `${userId}@actions.test`, firstname: 'Staff', lastname: userId, type: 'normal', accessLevel: 'employee' });
          users[i + j] = userId;
        }),
      );
    }
    for (const userId of [...users, adminId]) watches.set(userId, await watchOf(orgId, userId));
    // Five-second time-outs keep the real escalations short.
    const saved = await api('PUT', '/settings/actions', { forward_after_options: [5, 10, 30], forward_after_default: 10 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await closeDelivery();
  });

  it('counts exactly 3 of 50 concurrent accepts on a Number 3 action; the others are told it is covered', async () => {
    const asked = users.slice(0, 50);
    const action = await send([asked], { response_threshold: threshold(RESPONSE_THRESHOLD_TYPES.Number, 3) });
    const outcomes = await Promise.all(asked.map((userId) => answer(userId, action.id, 'accepted')));
    expect(outcomes.filter((o) => o.outcome === 'counted')).toHaveLength(3);
    expect(outcomes.filter((o) => o.outcome === 'covered')).toHaveLength(47);
    const row = await readAction(orgId, action.id);
    expect(row).toMatchObject({ state: 'fulfilled', acceptedCount: 3, neededCount: 3 });
    expect((await status(action.id)).accepted_user_ids).toHaveLength(3);
    const counted = asked.filter((userId) => repliesTo(userId, action.id).includes('counted'));
    await waitFor(() => asked.filter((userId) => repliesTo(userId, action.id).length > 0).length, (n) => n === 50, 'a reply to every answer');
    expect(counted).toHaveLength(3);
  });

  it('refuses an accept after the deadline while the time-out has not fired (one group), as expired', async () => {
    const [ann] = users.slice(50, 51) as [string];
    const action = await send([[ann]], { forward_after: 30 });
    const afterDeadline = new Date(Date.parse(action.step_deadline) + 1000);
    expect(await answerAction({ orgId, actionId: action.id, userId: ann, answer: 'accepted' }, afterDeadline)).toBe('expired');
    const row = await readAction(orgId, action.id);
    // Refused, and the answer path expired it itself (the last step's time-out, the same conditional write).
    expect(row).toMatchObject({ state: 'expired', acceptedCount: 0 });
    await waitFor(() => repliesTo(ann, action.id), (r) => r.includes('expired'), 'the expired reply');
  });

  it('escalates once for a time-out fired three times, late or not', async () => {
    const [first, second, third] = users.slice(51, 54) as [string, string, string];
    const action = await send([[first], [second, first], [third]], { forward_after: 30 });
    const due = new Date(Date.parse(action.step_deadline) + 500);
    const results = await Promise.all([1, 2, 3].map(() => fireStepTimeout(orgId, action.id, due)));
    expect(results.filter((r) => r === 'escalated')).toHaveLength(1);
    // And the scheduled function, twice with the same firing of the step that moved on: nothing.
    const firing = { source: 'portal.scheduler' as const, schedule_name: stepScheduleName(action.id, 0), target: { module: 'actions' as const, type: 'action.forward', orgId, id: action.id }, occurrence: occurrenceOf(action.step_deadline) };
    expect((await scheduledHandler(firing)).acted).toBe(false);
    expect((await scheduledHandler(firing)).acted).toBe(false);
    await localDeliveryQueue().idle();
    const row = await readAction(orgId, action.id);
    expect(row).toMatchObject({ state: 'open', step: 1, recipientCount: 2 });
    // The user of both groups was asked once; the new one once.
    expect(watch(first).of(action.id, 'action')).toHaveLength(1);
    expect(watch(second).of(action.id, 'action')).toHaveLength(1);
    expect(watch(third).of(action.id, 'action')).toHaveLength(0);
  });

  it('escalates to group 2 on the real time-out, then expires with the rejection feedback to the creator', async () => {
    const [first, second] = users.slice(54, 56) as [string, string];
    const action = await send([[first], [second]], {
      forward_after: 5,
      send_feedback: true,
      rejection_feedback: true,
      rejection_feedback_content: 'Nobody could take till 3',
    });
    expect(watch(first).of(action.id, 'action')).toHaveLength(1);
    await waitFor(() => watch(second).of(action.id, 'action'), (m) => m.length === 1, "group 2's prompt", 20_000);
    await waitFor(() => readAction(orgId, action.id), (row) => row?.state === 'expired', 'the expiry', 20_000);
    await waitFor(() => watch(admin.userId).of(action.id, 'action_feedback'), (m) => m.length === 1, 'the rejection feedback');
    expect(watch(admin.userId).of(action.id, 'action_feedback')[0]!.data).toEqual({ kind: 'action', action_id: action.id, outcome: 'rejected', text: 'Nobody could take till 3' });
    // Both asked users saw the prompt withdrawn as expired; nobody else got feedback.
    for (const userId of [first, second]) {
      await waitFor(() => watch(userId).of(action.id, 'action_closed'), (m) => m.length === 1, 'the withdrawal');
      expect(watch(userId).of(action.id, 'action_closed')[0]!.data.reason).toBe('expired');
      expect(watch(userId).of(action.id, 'action_feedback')).toHaveLength(0);
    }
  }, 45_000);

  it('fulfils Any with the first accept and withdraws the prompt from the others as covered, with the acceptance feedback', async () => {
    const asked = users.slice(56, 59);
    const action = await send([asked], { send_feedback: true, acceptance_feedback: true, acceptance_feedback_content: 'Till 3 is covered' });
    expect((await answer(asked[0]!, action.id, 'accepted')).outcome).toBe('counted');
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'fulfilled' });
    for (const userId of asked.slice(1)) {
      await waitFor(() => watch(userId).of(action.id, 'action_closed'), (m) => m.length === 1, 'the withdrawal');
      expect(watch(userId).of(action.id, 'action_closed')[0]!.data.reason).toBe('covered');
    }
    expect(watch(asked[0]!).of(action.id, 'action_closed')).toHaveLength(0);
    await waitFor(() => watch(admin.userId).of(action.id, 'action_feedback'), (m) => m.length === 1, 'the acceptance feedback');
    expect(watch(admin.userId).of(action.id, 'action_feedback')[0]!.data).toMatchObject({ outcome: 'accepted', text: 'Till 3 is covered' });
    // A later answer is refused as covered.
    expect((await answer(asked[1]!, action.id, 'accepted')).outcome).toBe('covered');
  });

  it('counts a replayed envelope once', async () => {
    const asked = users.slice(0, 3);
    const action = await send([asked], { response_threshold: threshold(RESPONSE_THRESHOLD_TYPES.Number, 2) });
    const envelopeId = randomUUID();
    expect((await answer(asked[0]!, action.id, 'declined', envelopeId)).outcome).toBe('counted');
    expect((await answer(asked[0]!, action.id, 'declined', envelopeId)).outcome).toBe('duplicate');
    // The repeat is told again, with the same message (the first reply may never have gone out: a
    // kill or an outage between the count and the reply, soak seed 1, run 7); the watch drops it.
    await waitFor(() => repliesTo(asked[0]!, action.id).length, (n) => n === 2, 'the repeat told again');
    const replies = watch(asked[0]!).of(action.id, 'action_answer');
    expect(replies.map((e) => e.data.outcome)).toEqual(['counted', 'counted']);
    expect(new Set(replies.map((e) => e.id)).size).toBe(1);
    // A new envelope with the same answer is told it was answered already; nothing more counts.
    expect((await answer(asked[0]!, action.id, 'accepted')).outcome).toBe('already_answered');
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', declinedCount: 1, acceptedCount: 0 });
    // Answers from a user never asked count for nothing.
    expect((await answer(users[40]!, action.id, 'accepted')).outcome).toBe('ignored');
  });

  it('rejects All at the first decline, even with a group left', async () => {
    const asked = users.slice(3, 6);
    const action = await send([asked, [users[6]!]], { response_threshold: threshold(RESPONSE_THRESHOLD_TYPES.All) });
    expect((await answer(asked[0]!, action.id, 'accepted')).outcome).toBe('counted');
    expect((await answer(asked[1]!, action.id, 'declined')).outcome).toBe('counted');
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'rejected', step: 0 });
    await waitFor(() => watch(asked[2]!).of(action.id, 'action_closed'), (m) => m.length === 1, 'the withdrawal');
    expect(watch(users[6]!).of(action.id, 'action')).toHaveLength(0);
  });

  it('escalates at once when declines make Number impossible, and rejects when no group is left', async () => {
    const group0 = users.slice(7, 10);
    const group1 = users.slice(10, 12);
    const action = await send([group0, group1], { forward_after: 30, response_threshold: threshold(RESPONSE_THRESHOLD_TYPES.Number, 2) });
    expect((await answer(group0[0]!, action.id, 'declined')).outcome).toBe('counted');
    expect(await readAction(orgId, action.id)).toMatchObject({ step: 0 });
    // Two of three declined: at most one could accept, two are needed.
    expect((await answer(group0[1]!, action.id, 'declined')).outcome).toBe('counted');
    await localDeliveryQueue().idle();
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 1, recipientCount: 5 });
    for (const userId of group1) await waitFor(() => watch(userId).of(action.id, 'action'), (m) => m.length === 1, "group 1's prompt");
    // Group 1 declines too: nobody left to ask, so it is rejected before its time-out.
    await answer(group1[0]!, action.id, 'declined');
    await answer(group1[1]!, action.id, 'declined');
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'rejected', declinedCount: 4 });
    await waitFor(() => watch(group0[2]!).of(action.id, 'action_closed'), (m) => m.length === 1, 'the withdrawal');
  });

  it("keeps a device's claimed answer time between the send and now", async () => {
    const [ann] = users.slice(59, 60) as [string];
    const action = await send([[ann]], {});
    const before = new Date(Date.parse(action.opts.send_time) - 3_600_000).toISOString();
    expect(await answerAction({ orgId, actionId: action.id, userId: ann, answer: 'declined', at: before })).toBe('counted');
    expect(await readAction(orgId, action.id)).toMatchObject({ firstAnswerAt: action.opts.send_time });
  });

  it('lets an earlier group still answer after an escalation, and a late answer escalates first', async () => {
    const [first, second] = users.slice(12, 14) as [string, string];
    const action = await send([[first], [second]], { forward_after: 30 });
    // The step is due but no time-out has fired: the answer escalates, then counts in step 1.
    const late = new Date(Date.parse(action.step_deadline) + 1000);
    expect(await answerAction({ orgId, actionId: action.id, userId: first, answer: 'accepted' }, late)).toBe('counted');
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'fulfilled', step: 1, acceptedCount: 1 });
    await localDeliveryQueue().idle();
    // Group 1 was asked by the escalation and then told it is covered (the delivery consumer drops a closed action's batch).
    await waitFor(() => watch(second).of(action.id, 'action_closed'), (m) => m.length === 1, 'the withdrawal');
  });
});
