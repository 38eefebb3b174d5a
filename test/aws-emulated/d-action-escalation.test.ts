import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.ts';
import { api, closeWatches, harnessReport, organizationWithStaff, type StaffMember } from '../support/aws-emulated/portal-client.ts';

/**
 * (d) An action whose time-out escalates by the scheduler: the send asks group 0 and creates the
 * step's schedule through EventBridge Scheduler (its role passes the scheduler's role); the
 * emulated scheduler fires it late within the minute, as AWS may, invoking the actions scheduled
 * function as the scheduler's role; the next group is then asked on its watch and the action's
 * row moves to step 1.
 */
const PASSWORD = 'Emulated-Action-1!';
const FORWARD_AFTER_SECONDS = 30;

let orgId: string;
let owner: string;
let staff: StaffMember[] = [];

beforeAll(async () => {
  ({ orgId, owner, staff } = await organizationWithStaff('Emulated Action Market', ['Ann', 'Bob'], PASSWORD));
});

afterAll(async () => {
  await closeWatches(staff);
  expect((await harnessReport()).refused).toEqual([]);
});

describe('an action escalated by the scheduler on the emulated stack', () => {
  it('asks the first group, and after its time-out the second, on their watches; the row is at step 1', { timeout: 150_000 }, async () => {
    const [ann, bob] = staff as [StaffMember, StaffMember];
    const group = (n: number, person: StaffMember) => ({ group_number: n, recipients: [{ id: person.userId, type: 'user' }] });
    const sent = await api(owner, 'POST', `/organizations/${orgId}/actions`, {
      content: { title: { text: 'Cashier needed at till 3' }, body: { text: 'Queue is long' } },
      recipient_groups: [group(0, ann), group(1, bob)],
      config: { forward_after: FORWARD_AFTER_SECONDS, response_threshold: { type: 1 } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const id = sent.body.id as string;
    const deadline = Date.parse(sent.body.step_deadline);
    const about = (person: StaffMember) => () => person.watch.inbox.filter((e) => e.data.action_id === id);

    await waitFor(about(ann), (m) => m.length > 0, "the action on Ann's watch", 20_000);
    expect(about(bob)()).toEqual([]);
    // EventBridge Scheduler fires within the minute after the time: up to the deadline plus 60 s, and the function's run.
    await waitFor(about(bob), (m) => m.length > 0, "the escalated action on Bob's watch", deadline - Date.now() + 90_000);
    console.log(`[aws-emulated] the action's second group was asked ${((Date.now() - deadline) / 1000).toFixed(1)} s after the step's deadline`);
    const row = await api(owner, 'GET', `/organizations/${orgId}/actions/${id}`);
    expect(row.status).toBe(200);
    expect(row.body).toMatchObject({ id, state: 'open', step: 1 });
  });
});
