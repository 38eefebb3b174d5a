import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShiftsDownlink } from '@portal/shared/devices/shift-messages';
import type { Envelope } from '@portal/shared/devices/topics';
import type { ShiftDto, ShiftPublishResult } from '@portal/shared/shifts/shift.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { dynamoDb } from '../../functions/src/platform/db/client.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { registerDeliveryQueueAdapter } from '../../functions/src/platform/delivery/delivery-queue.ts';
import { publishToInboxes } from '../../functions/src/platform/delivery/inbox-publish.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';
import { watches, type Watch } from '../support/task-fixture.ts';
import { waitFor } from '../support/wait-for.ts';

/**
 * Publishing a week tells the affected staff on their watches (issue 15; decision 0033), against
 * DynamoDB Local, cognito-local and the broker: one `shifts` message per affected person with their
 * published shifts of the week, nothing to the unchanged on a re-publish, both people of a
 * reassigned shift (the one who lost it with an empty week).
 */
const PASSWORD = 'Shift-Watch-1!';
const WEEK = '2027-W10';
const at = (date: string, time: string) => ({ date, time, offset: '+01:00' });

let orgId: string;
let token: string;
let ann: string;
let bob: string;
let cashier: string;
let stock: string;
const kit = watches();
const watched = new Map<string, Watch>();

const ok = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const answer = (await callApi('shifts', method, `/api/organizations/${orgId}${path}`, { token, body })) as { status: number; body: T };
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
};
const person = async (firstname: string) =>
  (
    (await callApi('users', 'POST', `/api/organizations/${orgId}/users`, {
      token,
      body: { firstname, lastname: 'Staff', email: `${firstname}-${randomUUID()}@shift-watch.test`, password: PASSWORD },
    })) as { body: { id: string } }
  ).body.id;
const shiftBody = (userId: string, date: string, from: string, to: string, activity?: string, name = '') => ({
  user_id: userId,
  name,
  start: at(date, from),
  end: at(date, to),
  activities: activity ? [{ activity_type_id: activity, start: at(date, from), end: at(date, to) }] : [],
});

const shiftsOf = (userId: string) => watched.get(userId)!.inbox.filter((e) => e.type === 'shifts');
const data = (envelope: Envelope) => parseShiftsDownlink(envelope.type, envelope.data)!;

/**
 * Publishes the week, lets the delivery queue run, then sends each watch a marker through the same
 * delivery port: once the markers are in, anything the publish sent has arrived, so counting the
 * `shifts` messages then says how many there were.
 */
async function publish(): Promise<ShiftPublishResult> {
  const result = await ok<ShiftPublishResult>('POST', `/shift-weeks/${WEEK}/publish`);
  await localDeliveryQueue().idle();
  const marker = randomUUID();
  await publishToInboxes(orgId, [ann, bob], 'marker', { kind: 'marker', marker_id: marker }, [marker]);
  await waitFor(() => [ann, bob].every((u) => watched.get(u)!.inbox.some((e) => e.data.marker_id === marker)), Boolean, 'the markers on both watches');
  return result;
}

beforeAll(async () => {
  const email = `owner-${randomUUID()}@shift-watch.test`;
  const ownerId = await createIdentity(email, PASSWORD);
  orgId = await foundOrganization({ name: 'Shift Watch Market', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
  token = await signIn(email, PASSWORD);
  [ann, bob] = [await person('Ann'), await person('Bob')];
  cashier = (await ok<{ id: string }>('POST', '/shift-activity-types', { name: 'Cashier', color: '#1E88E5' })).id;
  stock = (await ok<{ id: string }>('POST', '/shift-activity-types', { name: 'Stock', color: '#43A047' })).id;
  for (const userId of [ann, bob]) watched.set(userId, await kit.watchOf(orgId, userId));
});

afterAll(async () => {
  await kit.close();
  await closeDelivery();
});

describe('publishing a week to the watches', () => {
  let annMonday: ShiftDto;
  let annTuesday: ShiftDto;
  let bobMonday: ShiftDto;

  it("sends each planned person one message with their own published shifts of the week, by start, activities named and coloured", async () => {
    annTuesday = await ok<ShiftDto>('POST', '/shifts', shiftBody(ann, '2027-03-09', '12:00', '20:00', stock));
    annMonday = await ok<ShiftDto>('POST', '/shifts', shiftBody(ann, '2027-03-08', '08:00', '16:00', cashier, 'Early'));
    bobMonday = await ok<ShiftDto>('POST', '/shifts', shiftBody(bob, '2027-03-08', '14:00', '22:00', cashier));

    expect((await publish()).affected_user_ids).toEqual([ann, bob].sort());
    expect(shiftsOf(ann)).toHaveLength(1);
    expect(shiftsOf(bob)).toHaveLength(1);
    expect(data(shiftsOf(ann)[0]!)).toEqual({
      kind: 'shifts',
      week: WEEK,
      shifts: [
        {
          shift_id: annMonday.id,
          name: 'Early',
          start_at: '2027-03-08T07:00:00.000Z',
          end_at: '2027-03-08T15:00:00.000Z',
          activities: [{ activity_type_id: cashier, name: 'Cashier', color: '#1E88E5', start_at: '2027-03-08T07:00:00.000Z', end_at: '2027-03-08T15:00:00.000Z' }],
        },
        {
          shift_id: annTuesday.id,
          name: '',
          start_at: '2027-03-09T11:00:00.000Z',
          end_at: '2027-03-09T19:00:00.000Z',
          activities: [{ activity_type_id: stock, name: 'Stock', color: '#43A047', start_at: '2027-03-09T11:00:00.000Z', end_at: '2027-03-09T19:00:00.000Z' }],
        },
      ],
    });
    expect(data(shiftsOf(bob)[0]!).shifts.map((s) => s.shift_id)).toEqual([bobMonday.id]);
  });

  it('sends nothing when the week is published again unchanged, and a draft edit is not sent until it is published', async () => {
    expect((await publish()).affected_user_ids).toEqual([]);
    expect([shiftsOf(ann).length, shiftsOf(bob).length]).toEqual([1, 1]);
    // A draft: nobody is told, the watch keeps the published week.
    await ok<ShiftDto>('PUT', `/shifts/${annTuesday.id}`, shiftBody(ann, '2027-03-09', '13:00', '21:00', stock));
    await localDeliveryQueue().idle();
    expect([shiftsOf(ann).length, shiftsOf(bob).length]).toEqual([1, 1]);
  });

  it("re-publishing after one person's edit tells only that person, with their whole week as it now is", async () => {
    expect((await publish()).affected_user_ids).toEqual([ann]);
    expect([shiftsOf(ann).length, shiftsOf(bob).length]).toEqual([2, 1]);
    const [first, second] = shiftsOf(ann);
    expect(second!.id).not.toBe(first!.id);
    expect(data(second!).shifts.map((s) => [s.shift_id, s.start_at])).toEqual([
      [annMonday.id, '2027-03-08T07:00:00.000Z'],
      [annTuesday.id, '2027-03-09T12:00:00.000Z'],
    ]);
  });

  it('tells both people of a reassigned shift: the one who lost their last shift gets an empty week', async () => {
    await ok<ShiftDto>('PUT', `/shifts/${bobMonday.id}`, shiftBody(ann, '2027-03-10', '14:00', '22:00', cashier));
    expect((await publish()).affected_user_ids).toEqual([ann, bob].sort());
    expect([shiftsOf(ann).length, shiftsOf(bob).length]).toEqual([3, 2]);
    expect(data(shiftsOf(bob)[1]!)).toEqual({ kind: 'shifts', week: WEEK, shifts: [] });
    expect(data(shiftsOf(ann)[2]!).shifts.map((s) => s.shift_id)).toEqual([annMonday.id, annTuesday.id, bobMonday.id]);
  });

  it("tells a person whose edited shift a cut-off publish wrote as published but never sent (soak run 36)", async () => {
    await ok<ShiftDto>('PUT', `/shifts/${annTuesday.id}`, shiftBody(ann, '2027-03-09', '10:00', '18:00', stock));
    const before = shiftsOf(ann).length;
    // The week row's write fails once, as a kill between the published shifts and the row would leave them.
    let cuts = 0;
    dynamoDb.middlewareStack.add(
      (next, context) => async (args) => {
        const item = (args.input as { Item?: { sk?: unknown } }).Item;
        const sk = typeof item?.sk === 'string' ? item.sk : (item?.sk as { S?: string } | undefined)?.S;
        if (/^Put(Item)?Command$/.test(context.commandName ?? '') && sk?.startsWith(`SHIFTWEEK#${WEEK}`) && cuts++ === 0) throw new Error('cut off');
        return next(args);
      },
      { step: 'initialize', name: 'cutWeekRow' },
    );
    try {
      const cut = (await callApi('shifts', 'POST', `/api/organizations/${orgId}/shift-weeks/${WEEK}/publish`, { token })) as { status: number };
      expect(cut.status).toBeGreaterThanOrEqual(500);
    } finally {
      dynamoDb.middlewareStack.remove('cutWeekRow');
    }
    expect(cuts).toBe(1);
    // Ann's shift is stored as published by the cut-off attempt; the next publish still tells her.
    expect((await publish()).affected_user_ids).toEqual([ann]);
    expect(shiftsOf(ann)).toHaveLength(before + 1);
    expect(data(shiftsOf(ann).at(-1)!).shifts[1]).toMatchObject({ shift_id: annTuesday.id, start_at: '2027-03-09T09:00:00.000Z' });
  });

  it('answers 503 when the week cannot be queued, and the next publish sends it to the people the failed one missed', async () => {
    await ok<ShiftDto>('PUT', `/shifts/${annMonday.id}`, shiftBody(ann, '2027-03-08', '09:00', '17:00', cashier, 'Early'));
    const before = shiftsOf(ann).length;
    // SQS refusing the batch, as the in-process adapter stands in for it here.
    registerDeliveryQueueAdapter({ kind: 'in-process', create: () => ({ enqueue: async () => Promise.reject(new Error('queue unavailable')) }) });
    try {
      const refused = (await callApi('shifts', 'POST', `/api/organizations/${orgId}/shift-weeks/${WEEK}/publish`, { token })) as { status: number; body: { code: string } };
      expect([refused.status, refused.body.code]).toEqual([503, 'shifts.notSent']);
    } finally {
      // The local runtime's in-process queue again (as infra/local/functions.ts registers it).
      registerDeliveryQueueAdapter({
        kind: 'in-process',
        create: () => ({ enqueue: (batches) => localDeliveryQueue().enqueue(batches), enqueueJobs: (jobs) => localDeliveryQueue().enqueueJobs(jobs) }),
      });
    }
    // Nothing changed since, yet Ann was never sent her week: publishing again sends it to her alone.
    expect((await publish()).affected_user_ids).toEqual([ann]);
    expect(shiftsOf(ann)).toHaveLength(before + 1);
    expect(data(shiftsOf(ann).at(-1)!).shifts[0]).toMatchObject({ shift_id: annMonday.id, start_at: '2027-03-08T08:00:00.000Z' });
    // Once sent, a further publish finds nobody to tell.
    expect((await publish()).affected_user_ids).toEqual([]);
  });
});
