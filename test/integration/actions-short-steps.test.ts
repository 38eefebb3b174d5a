import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDto } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { answerAction } from '../../functions/src/actions/answers.service.ts';
import { userRows } from '../../functions/src/actions/recipients.repository.ts';
import { runForwardJob } from '../../functions/src/actions/escalation.service.ts';
import { stepScheduleName } from '../../functions/src/actions/step-timeout.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter, type QueueJob } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { getSchedule } from '../../functions/src/platform/scheduling/table.adapter.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';
import { watchInboxes } from '../support/watch-inbox.ts';

/**
 * Short action steps on the queue (issue 27, decision 0054): EventBridge Scheduler fires within a
 * minute, so a step of at most 900 s is an `action.forward` job on the actions queue with SQS's
 * DelaySeconds, run by the actions delivery function; here on the local runtime's in-process queue,
 * which holds it for its delay. No schedule is made for such a step. The job may come twice, late,
 * or after an answer: the step's conditional write escalates each step once.
 */
process.env.SCHEDULER ??= 'table';

const PASSWORD = 'Short-Step-1!';
const inboxes = watchInboxes();
/** A user's watch: what arrived about an action. */
async function watchOf(orgId: string, userId: string) {
  const watch = await inboxes.watchOf(orgId, userId);
  return { of: (actionId: string, type: string) => watch.about('action_id', actionId, type) };
}

/** The local runtime's in-process queue (as infra/local/functions.ts registers it). */
const localQueue = () => ({ enqueue: localDeliveryQueue().enqueue, enqueueJobs: localDeliveryQueue().enqueueJobs });

describe('actions: a short step times out through a delayed job on the actions queue', () => {
  let orgId: string;
  let token: string;
  const staff: string[] = [];
  const watches = new Map<string, Awaited<ReturnType<typeof watchOf>>>();
  const watch = (userId: string) => watches.get(userId)!;
  /** Every job put on the queue, with its delay, before the in-process queue takes it. */
  const queued: QueueJob[] = [];
  /** Per action, the users who had a row when its first step's timer was queued. */
  const rowsAtFirstTimer = new Map<string, string[]>();

  const api = (method: string, path: string, body?: unknown) => callApi('actions', method, `/api/organizations/${orgId}${path}`, { token, body });
  const send = async (groups: string[][], forwardAfter: number): Promise<ActionDto> => {
    const answer = await api('POST', '/actions', {
      content: { title: { text: `Till 5 ${randomUUID().slice(0, 6)}` }, body: { text: '' } },
      recipient_groups: groups.map((ids, i) => ({ group_number: i, recipients: ids.map((id) => ({ id, type: 'user' })) })),
      config: { forward_after: forwardAfter, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any, number: null } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    await localDeliveryQueue().idle();
    return answer.body as ActionDto;
  };
  const forwardJobsOf = (actionId: string) => queued.filter((job) => job.kind === 'action.forward' && (job.payload as { actionId: string }).actionId === actionId);

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@short-steps.test`;
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Short Step Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    for (const name of ['ann', 'bob', 'cem', 'dan', 'eve', 'fay']) {
      const userId = `${name}-${randomUUID().slice(0, 8)}`;
      await insertUser({ orgId, userId, email: `${userId}@short-steps.test`, firstname: name, lastname: 'Tester', type: 'normal', accessLevel: 'employee' });
      staff.push(userId);
      watches.set(userId, await watchOf(orgId, userId));
    }
    expect((await api('PUT', '/settings/actions', { forward_after_options: [10, 30, 1_800], forward_after_default: 10 })).status).toBe(200);
    registerDeliveryQueueAdapter({
      kind: 'in-process',
      create: () => ({
        enqueue: (batches) => localQueue().enqueue(batches),
        enqueueJobs: async (jobs) => {
          queued.push(...jobs);
          for (const job of jobs) {
            const { actionId, step } = job.payload as { actionId: string; step: number };
            if (job.kind !== 'action.forward' || step !== 0) continue;
            const action = await readAction(orgId, actionId);
            rowsAtFirstTimer.set(actionId, (await userRows(orgId, actionId, action!.recipientShards)).map((row) => row.userId).sort());
          }
          await localQueue().enqueueJobs(jobs);
        },
      }),
    });
  });

  afterAll(async () => {
    registerDeliveryQueueAdapter({ kind: 'in-process', create: localQueue });
    await inboxes.close();
    await closeDelivery();
  });

  it('asks the next group 10 s after the send, through the job and without a schedule, then expires 10 s later', async () => {
    const [ann, bob] = staff as [string, string];
    const action = await send([[ann], [bob]], 10);
    const sentAt = Date.parse(action.opts.send_time);
    // The deadline less the time the send took, rounded up: never before the deadline.
    expect(forwardJobsOf(action.id)).toEqual([{ orgId, module: 'actions', kind: 'action.forward', payload: { actionId: action.id, step: 0 }, delaySeconds: expect.any(Number) }]);
    expect(forwardJobsOf(action.id)[0]!.delaySeconds).toBeGreaterThanOrEqual(5);
    expect(forwardJobsOf(action.id)[0]!.delaySeconds).toBeLessThanOrEqual(10);
    expect(await getSchedule(stepScheduleName(action.id, 0))).toBeNull();

    const [prompt] = await waitFor(() => watch(bob).of(action.id, 'action'), (m) => m.length === 1, "group 1's prompt", 20_000);
    // Second precision: not before the deadline, and within a few seconds of it on a busy machine.
    expect(prompt!.receivedAt - sentAt).toBeGreaterThanOrEqual(10_000);
    expect(prompt!.receivedAt - sentAt).toBeLessThan(15_000);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 1 });
    expect(forwardJobsOf(action.id).map((job) => [job.payload, job.delaySeconds])).toEqual([
      [{ actionId: action.id, step: 0 }, expect.any(Number)],
      [{ actionId: action.id, step: 1 }, expect.any(Number)],
    ]);
    expect(await getSchedule(stepScheduleName(action.id, 1))).toBeNull();

    await waitFor(() => readAction(orgId, action.id), (row) => row?.state === 'expired', 'the expiry', 20_000);
    for (const userId of [ann, bob]) await waitFor(() => watch(userId).of(action.id, 'action_closed'), (m) => m.length === 1, 'the withdrawal as expired');
    expect(localDeliveryQueue().deadLetters).toEqual([]);
  }, 45_000);

  it("writes the later groups' staged rows before it times the first step, so a time-out that comes first still asks them", async () => {
    // The soak (seed 1, DynamoDB Local killed under a 5 s step): the timer fired while the send still
    // wrote the later rows; the escalation asked nobody and the rows came after, asked without a prompt.
    const [ann, bob, cem] = staff as [string, string, string];
    const action = await send([[ann], [bob], [cem]], 30);
    expect(rowsAtFirstTimer.get(action.id)).toEqual([ann, bob, cem].sort());
  });

  it('escalates once for a job run twice, late, and not at all for a stale step or after an answer', async () => {
    const [cem, dan, eve, fay] = staff.slice(2) as [string, string, string, string];
    const action = await send([[cem], [dan], [eve]], 30);
    const due = new Date(Date.parse(action.step_deadline) + 2_000);
    const step0 = { actionId: action.id, step: 0 };
    // SQS delivers the job twice, at once and late: one escalation.
    const results = await Promise.all([runForwardJob(orgId, step0, due), runForwardJob(orgId, step0, due)]);
    expect(results.sort()).toEqual(['escalated', 'none']);
    expect(await runForwardJob(orgId, step0, new Date(due.getTime() + 5_000))).toBe('none');
    await localDeliveryQueue().idle();
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 1, recipientCount: 2 });
    // Step 1's timer was queued once, by the escalation; the stale copies queued none.
    expect(forwardJobsOf(action.id).map((job) => job.payload)).toEqual([step0, { actionId: action.id, step: 1 }]);
    await waitFor(() => watch(dan).of(action.id, 'action'), (m) => m.length === 1, "group 1's prompt");

    // Answered: step 1's job, however late, moves nothing.
    expect(await answerAction({ orgId, actionId: action.id, userId: dan, answer: 'accepted' })).toBe('counted');
    expect(await runForwardJob(orgId, { actionId: action.id, step: 1 }, new Date(Date.now() + 120_000))).toBe('none');
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'fulfilled', step: 1, recipientCount: 2 });
    expect(watch(eve).of(action.id, 'action')).toEqual([]);
    expect(watch(fay).of(action.id, 'action')).toEqual([]);
  });

  it('sends a job that comes before its deadline (clocks apart) back to the queue for the time left', async () => {
    const [fay] = staff.slice(5) as [string];
    const action = await send([[fay]], 30);
    const early = new Date(Date.parse(action.step_deadline) - 20_000);
    expect(await runForwardJob(orgId, { actionId: action.id, step: 0 }, early)).toBe('none');
    const [, again] = forwardJobsOf(action.id);
    expect(again).toMatchObject({ payload: { actionId: action.id, step: 0 } });
    expect(again!.delaySeconds).toBeGreaterThan(0);
    expect(again!.delaySeconds).toBeLessThanOrEqual(30);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 0 });
    // A long step stays with the scheduler: a 30 min one has its schedule and no job.
    const long = await send([[fay]], 1_800);
    expect(forwardJobsOf(long.id)).toEqual([]);
    expect(await getSchedule(stepScheduleName(long.id, 0))).toMatchObject({ target: { module: 'actions', type: 'action.forward', id: long.id } });
  });
});
