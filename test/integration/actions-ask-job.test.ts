import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDto } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { isUnanswered } from '../../functions/src/actions/action-status.ts';
import { askRequest, runAskJob } from '../../functions/src/actions/ask-job.ts';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { answerAction } from '../../functions/src/actions/answers.service.ts';
import { answerableUntil } from '../../functions/src/actions/escalation-plan.ts';
import { readRows } from '../../functions/src/actions/recipients.repository.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter, type QueueJob } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { insertUser, removeUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { asApiFunction, useLocalQueue } from '../support/api-function.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';
import { watchInboxes } from '../support/watch-inbox.ts';

/**
 * An action's send answers once the action is stored and its asking queued (decision 0076,
 * reliability.md Open 9): the `action.ask` job writes every group's rows, starts the step's clock,
 * queues its prompts and its timer. The API's call runs as on AWS (its queue captured, not run);
 * the captured job then runs on the local runtime's queue, late, cut off, after a withdrawal.
 */
process.env.SCHEDULER ??= 'table';

const PASSWORD = 'Ask-Job-Pass-1!';
const FORWARD_AFTER = 600;
const inboxes = watchInboxes();

describe('actions: the first step is asked by a job', () => {
  let orgId: string;
  let token: string;
  let ann: string;
  let bob: string;
  let cem: string;
  const watches = new Map<string, Awaited<ReturnType<typeof inboxes.watchOf>>>();
  const promptsOf = (userId: string, actionId: string) => watches.get(userId)!.about('action_id', actionId, 'action');

  const api = (method: string, path: string, body?: unknown) => callApi('actions', method, `/api/organizations/${orgId}${path}`, { token, body });
  /** Ann and Bob asked first (All of them needed), Cem staged for group 1; sent as the API function sends. */
  const send = async (groups = [[ann, bob], [cem]]) => {
    const { result, batches, jobs } = await asApiFunction(() =>
      api('POST', '/actions', {
        content: { title: { text: `Till 5 ${randomUUID().slice(0, 6)}` }, body: { text: '' } },
        recipient_groups: groups.map((ids, i) => ({ group_number: i, recipients: ids.map((id) => ({ id, type: 'user' })) })),
        config: { forward_after: FORWARD_AFTER, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.All, number: null } },
      }),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(202);
    return { action: result.body as ActionDto, batches, jobs };
  };
  const run = async (jobs: QueueJob[]) => {
    await localDeliveryQueue().enqueueJobs(jobs);
    await localDeliveryQueue().idle();
  };
  const userRowsOf = async (actionId: string) =>
    (await readRows(orgId, actionId, (await readAction(orgId, actionId))!.recipientShards))
      .filter((row) => row.row === 'USER')
      .map((row) => [row.userId, row.groupNumber, isUnanswered(row) ? 'unanswered' : row.response])
      .sort();

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@ask-job.test`;
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Ask Job Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    [ann, bob, cem] = await Promise.all(
      ['ann', 'bob', 'cem'].map(async (name) => {
        const userId = `${name}-${randomUUID().slice(0, 8)}`;
        await insertUser({ orgId, userId, email: `${userId}@ask-job.test`, firstname: name, lastname: 'Tester', type: 'normal', accessLevel: 'employee' });
        watches.set(userId, await inboxes.watchOf(orgId, userId));
        return userId;
      }),
    ) as [string, string, string];
    expect((await api('PUT', '/settings/actions', { forward_after_options: [30, FORWARD_AFTER], forward_after_default: 30 })).status).toBe(200);
  });

  afterAll(async () => {
    useLocalQueue();
    await inboxes.close();
    await closeDelivery();
  });

  it('answers with the action stored and not yet asked, one ask job queued; the job writes every group, prompts the first, times it', async () => {
    const { action, batches, jobs } = await send();
    expect(batches).toEqual([]);
    expect(jobs).toEqual([{ orgId, module: 'actions', kind: 'action.ask', payload: { actionId: action.id, queuedAt: expect.any(Number) } }]);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 0, timedStep: -1, recipientCount: 2, neededCount: 2 });
    expect(await userRowsOf(action.id)).toEqual([]);

    await run(jobs);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 0, timedStep: 0, recipientCount: 2, neededCount: 2, stepDeadline: action.step_deadline });
    expect(await userRowsOf(action.id)).toEqual(
      [
        [ann, 0, 'unanswered'],
        [bob, 0, 'unanswered'],
        [cem, 1, 'unanswered'],
      ].sort(),
    );
    for (const userId of [ann, bob]) await waitFor(() => promptsOf(userId, action.id), (m) => m.length === 1, 'the prompt');
    expect(promptsOf(cem, action.id)).toEqual([]);
    // A copy of the job (SQS delivers at least once) finds the step asked: nothing again.
    await run(jobs);
    expect(promptsOf(ann, action.id)).toHaveLength(1);
    expect(localDeliveryQueue().deadLetters).toEqual([]);
  });

  it("starts the step's clock when its prompts are queued: a job that waited 7 s on the queue moves the deadline 7 s", async () => {
    const { action, jobs } = await send();
    const payload = askRequest(jobs[0]!.payload);
    await runAskJob(orgId, { ...payload, queuedAt: payload.queuedAt - 7_400 });
    const stored = await readAction(orgId, action.id);
    expect(Date.parse(stored!.stepDeadline) - Date.parse(action.opts.send_time)).toBe(7_000 + FORWARD_AFTER * 1000);
    expect(stored).toMatchObject({ timedStep: 0, timingSince: new Date(Date.parse(action.opts.send_time) + 7_000).toISOString() });
    await localDeliveryQueue().idle();
    // The prompt carries the deadline the moved step gives.
    const [prompt] = await waitFor(() => promptsOf(ann, action.id), (m) => m.length === 1, "Ann's prompt");
    expect(prompt!.data).toMatchObject({ step: 0, deadline: answerableUntil(stored!) });
  });

  it('asked again after a cut-off, overwrites no answer, counts nobody twice and prompts nobody twice', async () => {
    const { action, jobs } = await send();
    // Cut off after its rows and the step's start: the queue refuses its prompts and its timer.
    registerDeliveryQueueAdapter({ kind: 'in-process', create: () => ({ enqueue: () => Promise.reject(new Error('cut off')), enqueueJobs: () => Promise.reject(new Error('cut off')) }) });
    try {
      await expect(runAskJob(orgId, jobs[0]!.payload)).rejects.toThrow('cut off');
    } finally {
      useLocalQueue();
    }
    expect(await readAction(orgId, action.id)).toMatchObject({ timedStep: -1, recipientCount: 2 });
    // Ann answers before the retry (her prompt of an earlier attempt, say).
    expect(await answerAction({ orgId, actionId: action.id, userId: ann, answer: 'accepted' })).toBe('counted');

    await run(jobs);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', timedStep: 0, recipientCount: 2, neededCount: 2, acceptedCount: 1 });
    expect(await userRowsOf(action.id)).toEqual(
      [
        [ann, 0, 'accepted'],
        [bob, 0, 'unanswered'],
        [cem, 1, 'unanswered'],
      ].sort(),
    );
    await waitFor(() => promptsOf(bob, action.id), (m) => m.length === 1, "Bob's prompt");
    expect(promptsOf(ann, action.id)).toEqual([]);
  });

  it('asks nobody for an action withdrawn before its job ran, and drops the job of one removed', async () => {
    const { action, jobs } = await send();
    expect((await api('DELETE', `/actions/${action.id}`)).status).toBe(204);
    await run(jobs);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'withdrawn', timedStep: -1 });
    expect(await userRowsOf(action.id)).toEqual([]);

    const removed = await send();
    expect((await api('DELETE', `/actions/${removed.action.id}`)).status).toBe(204);
    expect((await api('DELETE', `/actions/${removed.action.id}`)).status).toBe(204);
    await run(removed.jobs);
    expect(await readAction(orgId, removed.action.id)).toBeNull();
    expect(localDeliveryQueue().deadLetters).toEqual([]);
    expect(promptsOf(ann, action.id)).toEqual([]);
  });

  it('expires an action whose groups name nobody by the time its job runs, asking nobody', async () => {
    const dora = { orgId, userId: `dora-${randomUUID().slice(0, 8)}`, email: `dora-${randomUUID().slice(0, 8)}@ask-job.test`, firstname: 'dora', lastname: 'Tester', type: 'normal' as const, accessLevel: 'employee' as const };
    await insertUser(dora);
    const { action, jobs } = await send([[dora.userId]]);
    await removeUser(dora, []);
    await run(jobs);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'expired', timedStep: -1 });
    expect(await userRowsOf(action.id)).toEqual([]);
    expect(localDeliveryQueue().deadLetters).toEqual([]);
  });

  it('refuses a job payload it did not write', () => {
    for (const payload of [undefined, {}, { actionId: '', queuedAt: 1 }, { actionId: 'a1', queuedAt: 'soon' }, { actionId: 'a1', queuedAt: 1.5 }]) {
      expect(() => askRequest(payload)).toThrow('Not an action.ask job payload');
    }
    expect(askRequest({ actionId: 'a1', queuedAt: 1 })).toEqual({ actionId: 'a1', queuedAt: 1 });
  });
});
