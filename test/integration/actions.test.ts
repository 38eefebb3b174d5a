import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ActionDto, ActionPage, ActionStatus, ActionTemplateDto } from '@portal/shared/actions/action.schema';
import { parseEnvelope, topicsFor, type Envelope } from '@portal/shared/devices/topics';
import { getAction as readActionRow } from '../../functions/src/actions/actions.repository.ts';
import { actionDelivery } from '../../functions/src/actions/delivery.service.ts';
import { readRows } from '../../functions/src/actions/recipients.repository.ts';
import { presenceOfUsers } from '../../functions/src/devices/public.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { closeDelivery } from '../../functions/src/platform/delivery/delivery.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { localDeliveryQueue } from '../../infra/local/functions.ts';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';
import { waitFor } from '../support/wait-for.ts';

const { inbox: inboxTopic } = topicsFor();

process.env.SCHEDULER ??= 'table';

const runtime = inject('runtime');
const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}@actions.test`;
const PASSWORD = 'Action-Pass-1!';
const clients: MqttClient[] = [];

interface Person {
  userId: string;
  token: string;
}

/** A watch emulator's connection (a user without a device, signed in with the ID token). */
async function watchOf(orgId: string, person: Person) {
  const client = await connectAsync(runtime.mqttTcpUrl, { clientId: `user-${person.userId}-${randomUUID().replace(/-/g, '')}`, username: 'user', password: person.token, reconnectPeriod: 0 });
  clients.push(client);
  const inbox: Envelope[] = [];
  client.on('message', (_topic, payload) => {
    const envelope = parseEnvelope(payload.toString('utf8'));
    if (envelope) inbox.push(envelope);
  });
  await client.subscribeAsync(inboxTopic(orgId, person.userId), { qos: 1 });
  // The broker's connect event reaches presence on its own time: send only once it is recorded.
  await waitFor(() => presenceOfUsers(orgId, [person.userId]), (presence) => presence.get(person.userId)?.online === true, 'the connection in presence');
  return { about: (id: string) => inbox.filter((e) => e.data.action_id === id) };
}

const content = (title: string, body = '') => ({ title: { text: title }, body: { text: body } });
const users = (groupNumber: number, ...ids: string[]) => ({ group_number: groupNumber, recipients: ids.map((id) => ({ id, type: 'user' })) });
const config = (overrides: Record<string, unknown> = {}) => ({ forward_after: 30, response_threshold: { type: 1 }, ...overrides });
const sorted = (ids: readonly string[]) => [...ids].sort();

describe('actions', () => {
  let orgId: string;
  let admin: Person;
  let ann: Person;
  let bob: Person;
  let cem: Person;
  let assistantToken: string;
  const api = (method: string, path: string, body?: unknown, token = admin.token, org = orgId) =>
    callApi('actions', method, `/api/organizations/${org}${path}`, { token, body });
  const status = async (id: string) => (await api('GET', `/actions/${id}/status`)).body as ActionStatus;
  const send = async (body: Record<string, unknown>) => {
    const answer = await api('POST', '/actions', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    await localDeliveryQueue().idle();
    return answer.body as ActionDto;
  };

  async function person(firstname: string, accessLevel?: string): Promise<Person> {
    const email = unique(firstname.toLowerCase());
    const created = await callApi('users', 'POST', `/api/organizations/${orgId}/users`, {
      token: admin.token,
      body: { firstname, lastname: 'Tester', email, password: PASSWORD, ...(accessLevel ? { access_level: accessLevel } : {}) },
    });
    expect(created.status).toBe(201);
    return { userId: created.body.id, token: await signIn(email, PASSWORD) };
  }

  beforeAll(async () => {
    const email = unique('admin');
    const adminId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Action Market', timeZone: 'Europe/Berlin', owner: ownerOf(adminId, ['admin'], email) });
    admin = { userId: adminId, token: await signIn(email, PASSWORD) };
    [ann, bob, cem] = await Promise.all([person('Ann'), person('Bob'), person('Cem')]);
    assistantToken = (await person('Asta', 'assistant')).token;
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await closeDelivery();
  });

  it('sends at once (202): empty groups dropped and renumbered, the creator excluded, group 0 asked with its deadline', async () => {
    const annWatch = await watchOf(orgId, ann);
    const before = Date.now();
    const sent = await send({
      content: content('Cashier needed at till 3', 'Queue is long'),
      recipient_groups: [users(0, admin.userId, ann.userId), { group_number: 1, recipients: [] }, users(2, bob.userId, ann.userId), users(3, cem.userId)],
      config: config({ forward_after: 60, response_threshold: { type: 3, number: 2 } }),
    });
    expect(sent).toMatchObject({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      content: content('Cashier needed at till 3', 'Queue is long'),
      recipient_groups: [users(0, admin.userId, ann.userId), users(1, bob.userId, ann.userId), users(2, cem.userId)],
      config: { exclude_creator: true, respond_to_creator: true, forward_after: 60, response_threshold: { type: 3, number: 2 } },
      meta: { template_id: null, trigger_id: null },
      created_by: admin.userId,
      state: 'open',
      step: 0,
      closed_at: null,
      recipient_count: 1,
      accepted_count: 0,
      declined_count: 0,
    });
    const sendTime = Date.parse(sent.opts.send_time);
    expect(sendTime).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(sent.step_deadline) - sendTime).toBe(60_000);

    const row = await readActionRow(orgId, sent.id);
    expect(row).toMatchObject({ state: 'open', step: 0, neededCount: 2, recipientCount: 1, acceptedCount: 0, recipientShards: 1, sendTime: sent.opts.send_time });
    const rows = await readRows(orgId, sent.id, 1);
    // Group 0 asked and delivered; the later groups' users staged at the send (each once, at the
    // first group naming them: Ann is not staged again for group 1), asked only by an escalation.
    expect(rows.map((r) => [r.row, r.userId, r.groupNumber, r.response ?? r.state])).toEqual(
      expect.arrayContaining([
        ['USER', ann.userId, 0, 'no-response'],
        ['DELIVERY', ann.userId, 0, 'Sent'],
        // Neither has a device or a connection: staged as not-available.
        ['USER', bob.userId, 1, 'not-available'],
        ['USER', cem.userId, 2, 'not-available'],
      ]),
    );
    expect(rows).toHaveLength(4);

    const [prompt] = await waitFor(() => annWatch.about(sent.id), (m) => m.length > 0, "Ann's prompt");
    expect(prompt).toEqual({
      v: 1,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'action',
      sent_at: sent.opts.send_time,
      data: {
        kind: 'action',
        action_id: sent.id,
        title: 'Cashier needed at till 3',
        body: 'Queue is long',
        answers: ['accepted', 'declined'],
        step: 0,
        // Answerable until the last of the three groups would time out: Ann stays asked meanwhile.
        deadline: new Date(Date.parse(sent.step_deadline) + 2 * 60_000).toISOString(),
        sent_at: sent.opts.send_time,
      },
    });

    const now = await status(sent.id);
    expect(now).toMatchObject({
      sent_user_ids: [ann.userId],
      accepted_user_ids: [],
      declined_user_ids: [],
      unanswered_user_ids: [ann.userId],
      not_received_user_ids: [],
      answered_time_in_ms: null,
      resolved_recipient_groups: [users(0, ann.userId)],
      responses: [{ user_id: ann.userId, group_number: 0, response: 'no-response', answered_at: null, last_seen_at: expect.any(String), online: true }],
    });
    const details = await api('GET', `/actions/${sent.id}`);
    expect(details.body).toEqual({ ...sent, status: now });
  });

  it('needs one accept for Any and everyone asked for All; the creator is asked when not excluded; nobody without a device or connection receives it', async () => {
    // Ann's watch emulator is connected (the first test); Bob and the admin have neither a device nor a connection.
    const any = await send({ content: content('Help at the bottle return'), recipient_groups: [users(0, ann.userId, bob.userId)], config: config() });
    expect(await readActionRow(orgId, any.id)).toMatchObject({ neededCount: 1, recipientCount: 2 });
    expect(await status(any.id)).toMatchObject({ sent_user_ids: [ann.userId], unanswered_user_ids: [ann.userId], not_received_user_ids: [bob.userId] });
    const all = await send({
      content: content('Inventory tonight'),
      recipient_groups: [users(0, admin.userId, ann.userId, bob.userId)],
      config: config({ exclude_creator: false, response_threshold: { type: 2 } }),
    });
    expect(all.recipient_count).toBe(3);
    expect(await readActionRow(orgId, all.id)).toMatchObject({ neededCount: 3, recipientCount: 3 });
    const allStatus = await status(all.id);
    expect(allStatus.sent_user_ids).toEqual([ann.userId]);
    expect(sorted(allStatus.not_received_user_ids)).toEqual(sorted([admin.userId, bob.userId]));
    expect(sorted(allStatus.responses.map((r) => r.user_id))).toEqual(sorted([admin.userId, ann.userId, bob.userId]));
  });

  it('starts at the next group when the creator was all of group 0, and refuses a send that asks nobody', async () => {
    const sent = await send({ content: content('Open till 2'), recipient_groups: [users(0, admin.userId), users(1, cem.userId)], config: config() });
    expect(sent).toMatchObject({ step: 1, recipient_count: 1 });
    expect((await status(sent.id)).responses.map((r) => [r.user_id, r.group_number])).toEqual([[cem.userId, 1]]);

    expect(await api('POST', '/actions', { content: content('Me only'), recipient_groups: [users(0, admin.userId)], config: config() })).toMatchObject({
      status: 400,
      body: { code: 'recipients.required', errors: { recipient_groups: 'At least one recipient is required' } },
    });
  });

  it('refuses bad input with the product messages', async () => {
    const base = { content: content('Till'), recipient_groups: [users(0, ann.userId)], config: config() };
    const refused = async (body: unknown) => (await api('POST', '/actions', body)).body;
    expect((await refused({ ...base, content: content('') })).errors).toMatchObject({ 'content.title.text': 'Title is required' });
    expect((await refused({ ...base, recipient_groups: [users(0), users(1, ann.userId)] })).errors).toMatchObject({ recipient_groups: 'At least one recipient is required' });
    expect((await refused({ ...base, config: config({ response_threshold: { type: 3, number: 10 } }) })).errors).toMatchObject({
      'config.response_threshold.number': 'Employees needed must be 1 to 9 or All',
    });
    expect((await refused({ ...base, config: config({ send_feedback: true, acceptance_feedback: true }) })).errors).toMatchObject({
      'config.acceptance_feedback_content': 'Feedback message is required',
    });
    // A time-out the organisation does not offer.
    expect(await api('POST', '/actions', { ...base, config: config({ forward_after: 45 }) })).toMatchObject({
      status: 400,
      body: { code: 'actions.forwardAfterOption', errors: { 'config.forward_after': 'Choose one of the time-out options' } },
    });
  });

  it("refuses ids of another organisation's users, groups and templates, and nobody is asked", async () => {
    const otherEmail = unique('other');
    const otherId = await createIdentity(otherEmail, PASSWORD);
    const otherOrg = await foundOrganization({ name: 'Other Shop', timeZone: 'Europe/Berlin', owner: ownerOf(otherId, ['admin'], otherEmail) });
    const otherToken = await signIn(otherEmail, PASSWORD);
    const foreignTemplate = await api('POST', '/action-templates', { action: { content: content('Theirs'), config: config() } }, otherToken, otherOrg);
    expect(foreignTemplate.status).toBe(201);

    const base = { content: content('Stranger'), recipient_groups: [users(0, ann.userId)], config: config() };
    expect(await api('POST', '/actions', { ...base, recipient_groups: [users(0, otherId)] })).toMatchObject({
      status: 400,
      body: { errors: { recipient_groups: `Unknown user in recipient_groups: ${otherId}` } },
    });
    expect((await api('POST', '/actions', { ...base, config: config({ feedback_recipient_groups: [users(0, otherId)] }) })).status).toBe(400);
    expect((await api('POST', '/actions', { ...base, meta: { template_id: foreignTemplate.body.id } })).body.errors).toHaveProperty(['meta.template_id']);
    expect((await api('GET', `/actions/${(await send(base)).id}`, undefined, otherToken)).status).toBe(403);
  });

  it('lists sent actions newest first, a page at a time', async () => {
    const email = unique('pager');
    const ownerId = await createIdentity(email, PASSWORD);
    const org = await foundOrganization({ name: 'Pager Shop', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['admin'], email) });
    const token = await signIn(email, PASSWORD);
    const ids: string[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      const answer = await api('POST', '/actions', { content: content(title), recipient_groups: [users(0, ownerId)], config: config({ exclude_creator: false }) }, token, org);
      expect(answer.status).toBe(202);
      ids.push(answer.body.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await localDeliveryQueue().idle();
    const first = (await api('GET', '/actions?limit=2', undefined, token, org)).body as ActionPage;
    expect(first.items.map((a) => a.content.title.text)).toEqual(['Third', 'Second']);
    expect(first.items[0]).not.toHaveProperty('status');
    expect(first.next_token).toBeTruthy();
    const second = (await api('GET', `/actions?limit=2&next_token=${first.next_token}`, undefined, token, org)).body as ActionPage;
    expect(second.items.map((a) => a.id)).toEqual([ids[0]]);
    expect(second.next_token).toBeUndefined();
    // A token of another list is refused.
    expect((await api('GET', `/actions?next_token=${first.next_token}`)).status).toBe(400);
  });

  it('withdraws an open action on delete (it stays listed as withdrawn) and removes a closed one', async () => {
    const sent = await send({ content: content('Unload the truck'), recipient_groups: [users(0, bob.userId)], config: config() });
    expect((await api('DELETE', `/actions/${sent.id}`)).status).toBe(204);
    const withdrawn = (await api('GET', `/actions/${sent.id}`)).body as ActionDto;
    expect(withdrawn).toMatchObject({ state: 'withdrawn', closed_at: expect.any(String) });
    expect((await api('GET', '/actions')).body.items.find((a: ActionDto) => a.id === sent.id)?.state).toBe('withdrawn');
    // A batch still on the queue for it is dropped: no watch buzzes for what nobody may answer.
    expect(await actionDelivery.load(orgId, sent.id)).toBeNull();

    expect((await api('DELETE', `/actions/${sent.id}`)).status).toBe(204);
    expect(await api('GET', `/actions/${sent.id}`)).toMatchObject({ status: 404, body: { message: 'Action not found', code: 'actions.notFound' } });
    expect(await readRows(orgId, sent.id, 1)).toEqual([]);
    for (const [method, path] of [['DELETE', `/actions/${sent.id}`], ['GET', `/actions/${sent.id}/status`]] as const) {
      expect((await api(method, path)).status).toBe(404);
    }
  });

  it('creates, reads, edits, searches and removes templates, and saves one from the send', async () => {
    const created = await api('POST', '/action-templates', {
      action: { content: content('Cashier needed at till 3'), recipient_groups: [], config: config({ response_threshold: { type: 3, number: 2 } }) },
    });
    expect(created.status).toBe(201);
    const template = created.body as ActionTemplateDto;
    expect(template).toMatchObject({
      id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      title: 'Cashier needed at till 3',
      action: { content: content('Cashier needed at till 3'), recipient_groups: [], config: { forward_after: 30, response_threshold: { type: 3, number: 2 } } },
      created_by: admin.userId,
    });
    expect((await api('GET', `/action-templates/${template.id}`)).body).toEqual(template);

    const edited = await api('PUT', `/action-templates/${template.id}`, { action: { content: content('Cashier needed at till 4'), recipient_groups: [users(0, ann.userId)], config: config() } });
    expect(edited.body).toMatchObject({ id: template.id, title: 'Cashier needed at till 4', created_time: template.created_time, action: { recipient_groups: [users(0, ann.userId)] } });

    await send({ content: content('Help at the bottle return', 'Machine is full'), recipient_groups: [users(0, ann.userId)], config: config(), save_as_template: true });
    const search = async (query: string) => ((await api('GET', `/action-templates?${query}`)).body as { items: ActionTemplateDto[]; next_token?: string });
    expect((await search('term=BOTTLE')).items.map((t) => [t.title, t.action.content.body.text])).toEqual([['Help at the bottle return', 'Machine is full']]);
    expect((await search('term=full')).items.map((t) => t.title)).toEqual(['Help at the bottle return']);
    const page = await search('limit=1&isAscending=true');
    expect(page.items.map((t) => t.id)).toEqual([template.id]);
    expect((await search(`limit=1&isAscending=true&token=${page.next_token}`)).items.map((t) => t.title)).toEqual(['Help at the bottle return']);

    expect((await api('POST', '/action-templates', { action: { content: content(''), config: config() } })).body.errors).toMatchObject({ 'action.content.title.text': 'Title is required' });
    expect((await api('DELETE', `/action-templates/${template.id}`)).status).toBe(204);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await api(method, `/action-templates/${template.id}`, method === 'PUT' ? { action: { content: content('x'), config: config() } } : undefined);
      expect([method, answer.status, answer.body?.message]).toEqual([method, 404, 'Template not found']);
    }
  });

  it('reads the default time-out settings, takes an organisation’s own from a manager, and refuses a default that is no option', async () => {
    const email = unique('settings');
    const ownerId = await createIdentity(email, PASSWORD);
    const org = await foundOrganization({ name: 'Settings Shop', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['admin'], email) });
    const token = await signIn(email, PASSWORD);
    const settings = (method: string, body?: unknown, as = token) => api(method, '/settings/actions', body, as, org);

    expect((await settings('GET')).body).toEqual({ forward_after_options: [10, 30, 60, 120, 300, 600], forward_after_default: 30 });
    expect(await settings('PUT', { forward_after_options: [15, 45, 15], forward_after_default: 45 })).toMatchObject({
      status: 200,
      body: { forward_after_options: [15, 45], forward_after_default: 45 },
    });
    expect((await settings('GET')).body).toEqual({ forward_after_options: [15, 45], forward_after_default: 45 });
    expect(await settings('PUT', { forward_after_options: [15, 45], forward_after_default: 30 })).toMatchObject({
      status: 400,
      body: { errors: { forward_after_default: 'The default time-out must be one of the options' } },
    });
    expect((await settings('PUT', { forward_after_options: [], forward_after_default: 30 })).status).toBe(400);
    expect((await settings('PUT', { forward_after_options: [2], forward_after_default: 2 })).status).toBe(400);

    // The send now offers the organisation's own options.
    const sendWith = (forwardAfter: number) =>
      api('POST', '/actions', { content: content('Till'), recipient_groups: [users(0, ownerId)], config: config({ exclude_creator: false, forward_after: forwardAfter }) }, token, org);
    expect((await sendWith(30)).status).toBe(400);
    expect((await sendWith(45)).status).toBe(202);
    await localDeliveryQueue().idle();

    // Assistants read them (the form) but may not change them.
    expect((await settings('GET', undefined, assistantToken)).status).toBe(403); // not a member of that organisation
    expect((await api('GET', '/settings/actions', undefined, assistantToken)).status).toBe(200);
    expect((await api('PUT', '/settings/actions', { forward_after_options: [10], forward_after_default: 10 }, assistantToken)).status).toBe(403);
  });

  it("seeds the demo organisation with a shop's action templates and the default time-outs", async () => {
    const token = await signIn(DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
    const organizations = (await callApi('organizations', 'GET', '/api/organizations', { token })).body as Array<{ id: string; name: string }>;
    const demo = organizations.find((o) => o.name === DEMO_DEFAULTS.organizationName)!;
    const templates = (await api('GET', '/action-templates?isAscending=true', undefined, token, demo.id)).body.items as ActionTemplateDto[];
    expect(templates.map((t) => t.title)).toEqual(['Cashier needed at till 3', 'Help at the bottle return', 'Unload the delivery truck', 'Spill in aisle 5']);
    expect(templates[2]!.action.config).toMatchObject({ response_threshold: { type: 3, number: 2 }, send_feedback: true, acceptance_feedback: true, rejection_feedback: true });
    expect((await api('GET', '/settings/actions', undefined, token, demo.id)).body).toEqual({ forward_after_options: [10, 30, 60, 120, 300, 600], forward_after_default: 30 });
  });

  it('is refused with 403 while the feature is off, and to employees', async () => {
    const employee = await person('Emma', 'employee');
    expect((await api('GET', '/actions', undefined, employee.token)).status).toBe(403);
    await updateGeneralSettings(orgId, { general: { features: { actions: 'disable' } } }, SETUP_ACTOR);
    try {
      for (const [method, path] of [['GET', '/actions'], ['GET', '/action-templates'], ['GET', '/settings/actions']] as const) {
        expect(await api(method, path)).toMatchObject({ status: 403, body: { message: 'This feature is not enabled for your organization' } });
      }
    } finally {
      await updateGeneralSettings(orgId, { general: { features: { actions: 'enable' } } }, SETUP_ACTOR);
    }
  });
});
