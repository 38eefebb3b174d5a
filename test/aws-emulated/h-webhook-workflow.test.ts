import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionDto } from '@portal/shared/actions/action.schema';
import type { FiringsDto, TriggerWithSecretDto } from '@portal/shared/automation/automation.schema';
import { waitFor } from '../support/wait-for.ts';
import { api, closeWatches, harness, harnessReport, organizationWithStaff, type StaffMember } from '../support/aws-emulated/portal-client.ts';

/**
 * (h) A webhook firing a workflow on the emulated stack: the automation API function stores an
 * external trigger whose workflow is a notification template and an action template; an outside
 * system's POST on the public webhook route (its secret in a header) fires it, and each template
 * becomes a job on its module's queue (SQS), which the notifications and actions delivery
 * functions turn into a notification and an action on the recipient's watch. The watch accepts the
 * action through the action rule's SQL to the actions uplink function, which replies at once; the
 * action is fulfilled and the firing records who answered first.
 */
const PASSWORD = 'Emulated-Hook-1!';

let orgId: string;
let owner: string;
let staff: StaffMember[] = [];

beforeAll(async () => {
  ({ orgId, owner, staff } = await organizationWithStaff('Emulated Hook Market', ['Ann'], PASSWORD));
});

afterAll(async () => {
  await closeWatches(staff);
  expect((await harnessReport()).refused).toEqual([]);
});

const orgPath = (path: string) => `/organizations/${orgId}${path}`;
const created = async <T = { id: string }>(path: string, body: unknown): Promise<T> => {
  const answer = await api<T>(owner, 'POST', orgPath(path), body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body;
};

describe('a webhook firing a workflow on the emulated stack', () => {
  it("makes the workflow's notification and action on the watch; the watch's answer fulfils the action", async () => {
    const [ann] = staff as [StaffMember];
    const toAnn = [{ group_number: 0, recipients: [{ id: ann.userId, type: 'user' }] }];
    const notification = await created('/notification-templates', { title: 'Alarm', notification: { content: { title: { text: 'Alarm at the back door' }, body: { text: 'From the alarm system' } }, recipient_groups: toAnn } });
    const action = await created('/action-templates', {
      action: { content: { title: { text: 'Check the back door' }, body: { text: 'Who goes?' } }, recipient_groups: toAnn, config: { forward_after: 120, response_threshold: { type: 1 } } },
    });
    const trigger = await created<TriggerWithSecretDto>('/triggers', {
      name: 'Back door alarm',
      type: 'general',
      workflows: [
        { id: notification.id, type: 'notification-template' },
        { id: action.id, type: 'action-template' },
      ],
      metadata: { is_external: true },
    });
    expect(trigger.secret).toMatch(/^whsec_/);

    // The outside system: no sign-in, the trigger's secret in a header, any body.
    const hook = await fetch(`${harness().url}/api/hooks/${orgId}/${trigger.id}`, {
      method: 'POST',
      headers: { 'x-webhook-secret': trigger.secret!, 'content-type': 'application/json' },
      body: '{"zone":"back door"}',
    });
    expect(hook.status).toBe(202);
    expect(await hook.json()).toMatchObject({ outcome: 'fired', replayed: false });
    expect((await fetch(`${harness().url}/api/hooks/${orgId}/${trigger.id}`, { method: 'POST', headers: { 'x-webhook-secret': 'whsec_wrong' } })).status).toBe(401);

    const of = (type: string) => () => ann.watch.inbox.filter((e) => e.type === type);
    const [alarm] = await waitFor(of('notification'), (m) => m.length > 0, "the workflow's notification on the watch", 20_000);
    expect(alarm!.data).toMatchObject({ kind: 'notification', title: 'Alarm at the back door' });
    const [asked] = await waitFor(of('action'), (m) => m.length > 0, "the workflow's action on the watch", 20_000);
    expect(asked!.data).toMatchObject({ kind: 'action', title: 'Check the back door', step: 0 });
    const actionId = asked!.data.action_id as string;

    await ann.watch.send({ kind: 'action', action_id: actionId, at: new Date().toISOString() }, 'accepted');
    const [reply] = await waitFor(of('action_answer'), (m) => m.length > 0, 'the reply to the answer on the watch', 20_000);
    expect(reply!.data).toMatchObject({ kind: 'action', action_id: actionId, answer: 'accepted', outcome: 'counted' });
    const row = await waitFor(async () => (await api<ActionDto>(owner, 'GET', orgPath(`/actions/${actionId}`))).body, (a) => a.state !== 'open', 'the action closed', 10_000);
    expect(row).toMatchObject({ state: 'fulfilled', accepted_count: 1, meta: { trigger_id: trigger.id, template_id: action.id } });

    const firings = await api<FiringsDto>(owner, 'GET', orgPath(`/triggers/${trigger.id}/firings`));
    expect(firings.body.items).toEqual([expect.objectContaining({ source: 'webhook', outcome: 'fired', first_answer: expect.objectContaining({ user_id: ann.userId }) })]);
    expect(firings.body.items[0]!.created.map((c) => [c.type, c.id])).toEqual([
      ['notification-template', alarm!.data.notification_id],
      ['action-template', actionId],
    ]);
  });
});
