import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDto } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { asApiFunction } from '../support/api-function.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';
import { watchInboxes } from '../support/watch-inbox.ts';

/**
 * Withdrawing an open action (issue 27): on AWS the actions API function has no IoT data adapter,
 * endpoint or publish right, so the withdrawal is a job on the actions delivery queue, run by the
 * actions delivery function, which publishes. Here the API's call runs with no delivery configured
 * at all (no MQTT_URL, no IOT_DATA_ENDPOINT: the API function's environment on AWS) and its queue
 * captured; the captured job then runs on the local runtime's in-process queue, twice.
 */
process.env.SCHEDULER ??= 'table';

const PASSWORD = 'Withdraw-Pass-1!';
const inboxes = watchInboxes();
/** A user's watch: what arrived about an action. */
async function watchOf(orgId: string, userId: string) {
  const watch = await inboxes.watchOf(orgId, userId);
  return { of: (actionId: string, type: string) => watch.about('action_id', actionId, type) };
}

describe('actions: a withdrawal is a job on the actions queue', () => {
  let orgId: string;
  let token: string;
  let ann: string;
  let bob: string;
  let annWatch: Awaited<ReturnType<typeof watchOf>>;
  let bobWatch: Awaited<ReturnType<typeof watchOf>>;

  const api = (method: string, path: string, body?: unknown) => callApi('actions', method, `/api/organizations/${orgId}${path}`, { token, body });

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@withdrawal.test`;
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Withdrawal Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    token = await signIn(email, PASSWORD);
    [ann, bob] = await Promise.all(
      ['ann', 'bob'].map(async (name) => {
        const userId = `${name}-${randomUUID().slice(0, 8)}`;
        await insertUser({ orgId, userId, email: `${userId}@withdrawal.test`, firstname: name, lastname: 'Tester', type: 'normal', accessLevel: 'employee' });
        return userId;
      }),
    ) as [string, string];
    [annWatch, bobWatch] = await Promise.all([watchOf(orgId, ann), watchOf(orgId, bob)]);
  });

  afterAll(async () => {
    await inboxes.close();
    await closeDelivery();
  });

  it('answers 204 without publishing, and the queued job withdraws the prompt from the unanswered (twice run, once seen)', async () => {
    const sent = await api('POST', '/actions', {
      content: { title: { text: `Till 3 ${randomUUID().slice(0, 6)}` }, body: { text: '' } },
      recipient_groups: [{ group_number: 0, recipients: [ann, bob].map((id) => ({ id, type: 'user' })) }],
      config: { forward_after: 600, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.All, number: null } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const action = sent.body as ActionDto;
    await localDeliveryQueue().idle();
    await waitFor(() => annWatch.of(action.id, 'action'), (m) => m.length === 1, "Ann's prompt");

    const { result, batches, jobs } = await asApiFunction(() => api('DELETE', `/actions/${action.id}`));
    expect([result.status, result.body]).toEqual([204, undefined]);
    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'withdrawn' });
    expect(batches).toEqual([]);
    expect(jobs).toEqual([{ orgId, module: 'actions', kind: 'action.closing', payload: { actionId: action.id, reason: 'withdrawn', closedAt: expect.any(String) } }]);

    // The actions delivery function runs it; SQS may deliver it twice: the watch drops the repeat by its id.
    await localDeliveryQueue().enqueueJobs([...jobs, ...jobs]);
    await localDeliveryQueue().idle();
    for (const watch of [annWatch, bobWatch]) {
      const closed = await waitFor(() => watch.of(action.id, 'action_closed'), (m) => m.length === 2, 'the withdrawal, twice');
      expect(closed.map((e) => e.data)).toEqual([
        { kind: 'action', action_id: action.id, reason: 'withdrawn' },
        { kind: 'action', action_id: action.id, reason: 'withdrawn' },
      ]);
      expect(new Set(closed.map((e) => e.id)).size).toBe(1);
    }
    expect(localDeliveryQueue().deadLetters).toEqual([]);
  });

  it('drops the job of an action removed before it ran', async () => {
    const sent = await api('POST', '/actions', {
      content: { title: { text: `Till 4 ${randomUUID().slice(0, 6)}` }, body: { text: '' } },
      recipient_groups: [{ group_number: 0, recipients: [{ id: ann, type: 'user' }] }],
      config: { forward_after: 600, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any, number: null } },
    });
    const action = sent.body as ActionDto;
    await localDeliveryQueue().idle();
    const { jobs } = await asApiFunction(() => api('DELETE', `/actions/${action.id}`));
    // Deleted again (a closed action is removed) before the job ran: nothing to tell, nothing failed.
    expect((await api('DELETE', `/actions/${action.id}`)).status).toBe(204);
    await localDeliveryQueue().enqueueJobs(jobs);
    await localDeliveryQueue().idle();
    expect(annWatch.of(action.id, 'action_closed')).toEqual([]);
    expect(localDeliveryQueue().deadLetters).toEqual([]);
  });
});
