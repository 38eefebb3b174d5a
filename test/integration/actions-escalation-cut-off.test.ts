import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDto } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { fireStepTimeout, runForwardJob } from '../../functions/src/actions/escalation.service.ts';
import { STEP_TIMING_GRACE_SECONDS, stepScheduleName } from '../../functions/src/actions/step-timeout.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter, type DeliveryBatch, type QueueJob } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { getSchedule } from '../../functions/src/platform/scheduling/table.adapter.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';
import { watchInboxes } from '../support/watch-inbox.ts';

/**
 * An escalation cut off between its step's conditional write and queueing the step's timer and
 * prompts (issue 31, decision 0073; a SIGKILL or a Lambda time-out there). Here the queue refuses
 * everything while the escalation runs, so it throws right after the write with nothing queued, as
 * a killed one leaves it. The earlier step's timer, delivered again (the job's SQS redelivery, the
 * firing's retry), re-times the step once and asks its group once, however many copies come.
 */
process.env.SCHEDULER ??= 'table';

const PASSWORD = 'Cut-Off-1!';
const inboxes = watchInboxes();
const localQueue = () => ({ enqueue: localDeliveryQueue().enqueue, enqueueJobs: localDeliveryQueue().enqueueJobs });

describe('actions: an escalation cut off after its conditional write', () => {
  let orgId: string;
  let token: string;
  const staff: string[] = [];
  const watches = new Map<string, Awaited<ReturnType<typeof inboxes.watchOf>>>();
  const promptsOf = (userId: string, actionId: string, type = 'action') => watches.get(userId)!.about('action_id', actionId, type);
  /** What reached the queue; while `cut`, nothing does (refused, as the killed process never sent it). */
  const queued: QueueJob[] = [];
  const batches: DeliveryBatch[] = [];
  let cut = false;
  let refused = 0;
  const refuse = () => {
    refused++;
    return Promise.reject(new Error('cut off after the conditional write'));
  };

  const api = (method: string, path: string, body?: unknown) => callApi('actions', method, `/api/organizations/${orgId}${path}`, { token, body });
  const send = async (groups: string[][], forwardAfter: number): Promise<ActionDto> => {
    const answer = await api('POST', '/actions', {
      content: { title: { text: `Cut off ${randomUUID().slice(0, 6)}` }, body: { text: '' } },
      recipient_groups: groups.map((ids, i) => ({ group_number: i, recipients: ids.map((id) => ({ id, type: 'user' })) })),
      config: { forward_after: forwardAfter, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any, number: null } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    await localDeliveryQueue().idle();
    return answer.body as ActionDto;
  };
  const forwardJobsOf = (actionId: string, step: number) =>
    queued.filter((job) => job.kind === 'action.forward' && (job.payload as { actionId: string; step: number }).actionId === actionId && (job.payload as { step: number }).step === step);
  const promptBatchesFor = (actionId: string, userId: string) => batches.filter((b) => b.message.id === actionId && b.recipients.some((r) => r.userId === userId));

  /** Runs the escalation with the queue refusing all it sends, until both its timer and its prompts were refused. */
  async function cutOff<T>(escalation: () => Promise<T>, refusals: number): Promise<void> {
    cut = true;
    refused = 0;
    try {
      await expect(escalation()).rejects.toThrow('cut off');
      await waitFor(async () => refused, (n) => n >= refusals, 'the refused sends');
    } finally {
      cut = false;
    }
  }

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@cut-off.test`;
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Cut Off Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    for (const name of ['ann', 'bob', 'cem', 'dan']) {
      const userId = `${name}-${randomUUID().slice(0, 8)}`;
      await insertUser({ orgId, userId, email: `${userId}@cut-off.test`, firstname: name, lastname: 'Tester', type: 'normal', accessLevel: 'employee' });
      staff.push(userId);
      watches.set(userId, await inboxes.watchOf(orgId, userId));
    }
    expect((await api('PUT', '/settings/actions', { forward_after_options: [30, 1_800], forward_after_default: 30 })).status).toBe(200);
    registerDeliveryQueueAdapter({
      kind: 'in-process',
      create: () => ({
        enqueue: async (items) => {
          if (cut) return refuse();
          batches.push(...items);
          return localQueue().enqueue(items);
        },
        enqueueJobs: async (jobs) => {
          if (cut) return refuse();
          queued.push(...jobs);
          return localQueue().enqueueJobs(jobs);
        },
      }),
    });
  });

  afterAll(async () => {
    registerDeliveryQueueAdapter({ kind: 'in-process', create: localQueue });
    await inboxes.close();
    await closeDelivery();
  });

  it("a short step: the earlier step's job, delivered again twice at once, times the next step once and asks its group once; that step then expires once", async () => {
    const [ann, bob] = staff as [string, string];
    const action = await send([[ann], [bob]], 30);
    const due = new Date(Date.parse(action.step_deadline) + 2_000);
    const step0 = { actionId: action.id, step: 0 };

    await cutOff(() => runForwardJob(orgId, step0, due), 2);
    // What the kill leaves: the step moved on, with no timer and nobody of its group asked.
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 1, recipientCount: 2 });
    expect(forwardJobsOf(action.id, 1)).toEqual([]);
    expect(promptBatchesFor(action.id, bob)).toEqual([]);

    // The job of step 0 comes back (SQS after the visibility timeout), here as two copies at once.
    const later = new Date(due.getTime() + (STEP_TIMING_GRACE_SECONDS + 1) * 1000);
    expect(await Promise.all([runForwardJob(orgId, step0, later), runForwardJob(orgId, step0, later)])).toEqual(['none', 'none']);
    expect(await runForwardJob(orgId, step0, new Date(later.getTime() + 5_000))).toBe('none');
    await localDeliveryQueue().idle();
    expect(forwardJobsOf(action.id, 1)).toHaveLength(1);
    expect(promptBatchesFor(action.id, bob)).toHaveLength(1);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 1, recipientCount: 2 });
    await waitFor(() => promptsOf(bob, action.id), (m) => m.length === 1, "group 1's prompt");

    // Step 1's job (delivered twice) expires it once; everyone asked is told once.
    const step1Due = new Date(Date.parse((await readAction(orgId, action.id))!.stepDeadline) + 1_000);
    const step1 = { actionId: action.id, step: 1 };
    expect((await Promise.all([runForwardJob(orgId, step1, step1Due), runForwardJob(orgId, step1, step1Due)])).sort()).toEqual(['expired', 'none']);
    for (const userId of [ann, bob]) await waitFor(() => promptsOf(userId, action.id, 'action_closed'), (m) => m.length === 1, 'the withdrawal as expired');
    await localDeliveryQueue().idle();
    expect(promptsOf(bob, action.id)).toHaveLength(1);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'expired', step: 1 });
    expect(localDeliveryQueue().deadLetters).toEqual([]);
  });

  it("a long step: the earlier step's firing, retried, asks the next group its escalation never asked", async () => {
    const [cem, dan] = staff.slice(2) as [string, string];
    const action = await send([[cem], [dan]], 1_800);
    const due = new Date(Date.parse(action.step_deadline) + 2_000);

    // The step's schedule is made (the table scheduler); its prompts are cut off.
    await cutOff(() => fireStepTimeout(orgId, action.id, due), 1);
    await waitFor(() => getSchedule(stepScheduleName(action.id, 1)), (s) => s !== null, "step 1's schedule");
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 1 });
    expect(promptBatchesFor(action.id, dan)).toEqual([]);

    // The firing of step 0 comes again (the firing guard's lease ran out, Lambda retries it).
    const later = new Date(due.getTime() + (STEP_TIMING_GRACE_SECONDS + 1) * 1000);
    expect(await fireStepTimeout(orgId, action.id, later)).toBe('none');
    expect(await fireStepTimeout(orgId, action.id, new Date(later.getTime() + 5_000))).toBe('none');
    await localDeliveryQueue().idle();
    expect(promptBatchesFor(action.id, dan)).toHaveLength(1);
    await waitFor(() => promptsOf(dan, action.id), (m) => m.length === 1, "group 1's prompt");
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 1 });
    expect(await getSchedule(stepScheduleName(action.id, 1))).toMatchObject({ target: { module: 'actions', type: 'action.forward', id: action.id } });
    expect((await api('DELETE', `/actions/${action.id}`)).status).toBe(204);
  });
});
