import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionSchema, type ActionDto } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';
import { userClientId } from '@portal/shared/devices/client-ids';
import { getActionStatus, sendAction } from '../../functions/src/actions/actions.service.ts';
import { readAction } from '../../functions/src/actions/answers.repository.ts';
import { fireStepTimeout } from '../../functions/src/actions/escalation.service.ts';
import { readRows } from '../../functions/src/actions/recipients.repository.ts';
import { recordPresence } from '../../functions/src/devices/presence.service.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerShiftRecipients } from '../../functions/src/shifts/public.ts';
import { insertUser } from '../../functions/src/users/users.repository.ts';
import { ensureAccount } from '../../functions/src/platform/tenancy/user-accounts.repository.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { watches as watchClients, type Watch } from '../support/task-fixture.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * An action whose later group names a shift activity asks whoever is on that activity when its step
 * is asked, not at the send (issue 15; decision 0034), against DynamoDB Local, aedes and the delivery
 * queue of the integration runtime. The week's shifts are published through the shifts API; the send
 * and the time-outs are the service functions at explicit instants on that day (the step schedules
 * they make fall on that day too, far after the test).
 */
const PASSWORD = 'Shift-Action-Pass-1!';

const DAY = '2027-06-07'; // Monday of 2027-W23 (CEST)
const WEEK = '2027-W23';
const local = (time: string) => ({ date: DAY, time, offset: '+02:00' });
const instant = (time: string) => new Date(`${DAY}T${time}+02:00`);

/** The prompts of an action in a watch's inbox (the tasks fixture's watches: the inbox as the broker delivers it). */
const promptsOf = (watch: Watch, actionId: string) => watch.inbox.filter((e) => e.type === 'action' && e.data.action_id === actionId);

describe('actions: a shift activity in a later group resolves at its step', () => {
  let orgId: string;
  let adminId: string;
  let token: string;
  let cashier: string;
  const staff: Record<'first' | 'x' | 'y', string> = { first: '', x: '', y: '' };
  const clients = watchClients();
  const watches = new Map<string, Watch>();
  const prompts = (userId: string, actionId: string) => promptsOf(watches.get(userId)!, actionId);

  const api = async (module: 'shifts' | 'actions', method: string, path: string, body?: unknown) => {
    const answer = await callApi(module, method, `/api/organizations/${orgId}${path}`, { token, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body as { id: string };
  };
  const cashierShift = (userId: string, start: string, end: string) => ({
    user_id: userId,
    name: 'Till',
    start: local(start),
    end: local(end),
    activities: [{ activity_type_id: cashier, start: local(start), end: local(end) }],
  });
  const send = async (recipientGroups: unknown, config: Record<string, unknown>, at: Date): Promise<ActionDto> =>
    sendAction(
      orgId,
      adminId,
      actionSchema.validateSync({
        content: { title: { text: `Till 3 ${randomUUID().slice(0, 6)}` }, body: { text: '' } },
        recipient_groups: recipientGroups,
        config: { forward_after: 30, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any, number: null }, ...config },
      }),
      at,
    );
  /** A step's time-out fired at `time` of the day, its prompts then delivered. */
  const fireAt = async (actionId: string, time: string) => {
    const result = await fireStepTimeout(orgId, actionId, instant(time));
    await localDeliveryQueue().idle();
    return result;
  };
  /** Who the status lists as asked, by group (each group's ids sorted). */
  const asked = async (actionId: string) => (await getActionStatus(orgId, actionId)).resolved_recipient_groups.map((g) => [g.group_number, g.recipients.map((r) => r.id).sort()]);
  const rowsOf = async (actionId: string) => readRows(orgId, actionId, (await readAction(orgId, actionId))!.recipientShards);

  beforeAll(async () => {
    const email = `admin-${randomUUID().slice(0, 8)}@shift-actions.test`;
    adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Shift Actions', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['superadmin'], email) });
    token = await signIn(email, PASSWORD);
    for (const key of ['first', 'x', 'y'] as const) {
      // Subs are UUIDs: a watch-emulator connection of Y is recorded by its client id.
      const userId = randomUUID();
      const person = { userId, email: `${key}-${userId}@shift-actions.test`, firstname: key, lastname: 'Staff' };
      await insertUser({ orgId, ...person, type: 'normal', accessLevel: 'employee' });
      // Their account, as creating a user writes it: presence is recorded only for people of this deployment.
      await ensureAccount(person);
      staff[key] = userId;
    }
    for (const userId of [...Object.values(staff), adminId]) watches.set(userId, await clients.watchOf(orgId, userId));
    registerShiftRecipients();
    cashier = (await api('shifts', 'POST', '/shift-activity-types', { name: 'Cashier', color: '#1E88E5' })).id;
    // X is on the till until 11:00, Y from 11:00 to 13:00, the creator from 11:00 too; published.
    await api('shifts', 'POST', '/shifts', cashierShift(staff.x, '09:00', '11:00'));
    await api('shifts', 'POST', '/shifts', cashierShift(staff.y, '11:00', '13:00'));
    await api('shifts', 'POST', '/shifts', cashierShift(adminId, '11:00', '13:00'));
    await api('shifts', 'POST', `/shift-weeks/${WEEK}/publish`);
  });

  afterAll(async () => {
    await clients.close();
    await closeDelivery();
  });

  it('asks Y, on the till at the escalation, and not X, on it at the send; a second firing asks Y no more', async () => {
    const action = await send(
      [
        { group_number: 0, recipients: [{ id: staff.first, type: 'user' }] },
        { group_number: 1, recipients: [{ id: cashier, type: 'shift_activity_type' }] },
      ],
      {},
      instant('10:00:00'),
    );
    await localDeliveryQueue().idle();
    expect(await readAction(orgId, action.id)).toMatchObject({ step: 0, recipientCount: 1 });
    // Nobody of the activity is staged at the send.
    expect((await rowsOf(action.id)).filter((r) => r.row === 'USER').map((r) => r.userId)).toEqual([staff.first]);
    expect(await asked(action.id)).toEqual([[0, [staff.first]]]);

    // Y's watch emulator connects after the send: not-available is judged at Y's step.
    await recordPresence({ clientId: userClientId(staff.y), eventType: 'connected', timestamp: instant('10:30:00').getTime(), versionNumber: 1 });
    const at = instant('11:30:00');
    const results = await Promise.all([fireStepTimeout(orgId, action.id, at), fireStepTimeout(orgId, action.id, at)]);
    expect(results.sort()).toEqual(['escalated', 'none']);
    await localDeliveryQueue().idle();

    expect(await readAction(orgId, action.id)).toMatchObject({ state: 'open', step: 1, recipientCount: 2, neededCount: 1 });
    expect(await asked(action.id)).toEqual([
      [0, [staff.first]],
      [1, [staff.y]],
    ]);
    const status = await getActionStatus(orgId, action.id);
    expect(status.sent_user_ids).toContain(staff.y);
    expect(status.unanswered_user_ids).toContain(staff.y);
    expect(status.sent_user_ids).not.toContain(staff.x);
    // The creator is on the till too, but an action leaves its creator out by default.
    expect(status.responses.map((r) => r.user_id).sort()).toEqual([staff.first, staff.y].sort());

    // A third firing at the same instant finds step 1 not yet due: nothing changes.
    expect(await fireAt(action.id, '11:30:00')).toBe('none');
    expect(await readAction(orgId, action.id)).toMatchObject({ step: 1, recipientCount: 2 });
    await waitFor(() => prompts(staff.y, action.id), (m) => m.length > 0, "Y's prompt");
    expect(prompts(staff.y, action.id)).toHaveLength(1);
    expect(prompts(staff.x, action.id)).toHaveLength(0);
    expect(prompts(adminId, action.id)).toHaveLength(0);
  });

  it("asks a user staged for a later group at the activity's step, once, and All needs each user asked once", async () => {
    const action = await send(
      [
        { group_number: 0, recipients: [{ id: staff.first, type: 'user' }] },
        { group_number: 1, recipients: [{ id: cashier, type: 'shift_activity_type' }] },
        { group_number: 2, recipients: [{ id: staff.y, type: 'user' }, { id: staff.x, type: 'user' }] },
      ],
      { response_threshold: { type: RESPONSE_THRESHOLD_TYPES.All, number: null }, exclude_creator: false },
      instant('10:00:00'),
    );
    await localDeliveryQueue().idle();
    // X and Y are staged for group 2 (named there); the creator is asked only if on the till at step 1.
    expect(await readAction(orgId, action.id)).toMatchObject({ step: 0, recipientCount: 1, neededCount: 1 });

    expect(await fireAt(action.id, '11:30:00')).toBe('escalated');
    // Y and the creator are on the till now: Y moves from group 2 to group 1; X stays staged.
    expect(await readAction(orgId, action.id)).toMatchObject({ step: 1, recipientCount: 3, neededCount: 3 });
    expect(await asked(action.id)).toEqual([
      [0, [staff.first]],
      [1, [staff.y, adminId].sort()],
    ]);

    expect(await fireAt(action.id, '11:31:00')).toBe('escalated');
    // Group 2 asks only X: Y was asked at step 1 and is not counted or prompted again.
    expect(await readAction(orgId, action.id)).toMatchObject({ step: 2, recipientCount: 4, neededCount: 4 });
    expect(await asked(action.id)).toEqual([
      [0, [staff.first]],
      [1, [staff.y, adminId].sort()],
      [2, [staff.x]],
    ]);
    await waitFor(() => prompts(staff.x, action.id), (m) => m.length > 0, "X's prompt at group 2");
    expect(prompts(staff.y, action.id)).toHaveLength(1);
    expect(prompts(staff.x, action.id)).toHaveLength(1);
  });
});
