import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationTemplateDto } from '@portal/shared/notifications/notification.schema';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

process.env.SCHEDULER ??= 'table';

const PASSWORD = 'Template-Pass-1!';
const content = (title: string, body = '') => ({ title: { text: title }, body: { text: body } });

describe('notification templates', () => {
  let orgId: string;
  let userId: string;
  let token: string;
  const api = (method: string, path: string, body?: unknown) => callApi('notifications', method, `/api/organizations/${orgId}${path}`, { token, body });
  const titles = (items: NotificationTemplateDto[]) => items.map((t) => t.title);
  const create = async (title: string, body = '') => {
    const answer = await api('POST', '/notification-templates', { title, notification: { content: content(title, body), recipient_groups: [] } });
    expect(answer.status).toBe(201);
    return answer.body as NotificationTemplateDto;
  };

  beforeAll(async () => {
    const email = `tpl-${randomUUID().slice(0, 8)}@templates.test`;
    userId = await createIdentity(email, PASSWORD);
    orgId = await foundOrganization({ name: 'Template Bar', timeZone: 'Europe/Berlin', owner: ownerOf(userId, ['assistant'], email) });
    token = await signIn(email, PASSWORD);
  });

  it('creates, reads, edits and removes a template', async () => {
    const template = await create('Shift swap', 'Who can take Friday?');
    expect(template).toMatchObject({ id: expect.stringMatching(/^[0-9A-Z]{26}$/), title: 'Shift swap', notification: { content: content('Shift swap', 'Who can take Friday?'), recipient_groups: [] }, created_by: userId });
    expect((await api('GET', `/notification-templates/${template.id}`)).body).toEqual(template);

    const edited = await api('PUT', `/notification-templates/${template.id}`, { title: 'Shift swap (Fri)', notification: { content: content('Swap', 'Friday'), recipient_groups: [] } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: template.id, title: 'Shift swap (Fri)', created_time: template.created_time });

    expect((await api('POST', '/notification-templates', { title: '', notification: { content: content('x') } })).body.errors.title).toBe('Title is required');
    expect((await api('DELETE', `/notification-templates/${template.id}`)).status).toBe(204);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const answer = await api(method, `/notification-templates/${template.id}`, method === 'PUT' ? { title: 'x', notification: { content: content('x') } } : undefined);
      expect([method, answer.status, answer.body?.message]).toEqual([method, 404, 'Template not found']);
    }
  });

  it('is saved from the notification form with save_as_template', async () => {
    // A send now is accepted for delivery (202, decision 0020); the template is saved before it.
    const sent = await api('POST', '/notifications', {
      content: content('Closing early', 'We close at 8'),
      recipient_groups: [{ group_number: 0, recipients: [{ id: userId, type: 'user' }] }],
      save_as_template: true,
    });
    expect(sent.status).toBe(202);
    const found = (await api('GET', '/notification-templates?term=closing')).body.items as NotificationTemplateDto[];
    expect(found.map((t) => [t.title, t.notification.recipient_groups])).toEqual([['Closing early', [{ group_number: 0, recipients: [{ id: userId, type: 'user' }] }]]]);
  });

  it('searches by term (case and diacritics folded), sorts by created either way and pages with a token', async () => {
    for (const [title, body] of [
      ['Fire drill', 'Assemble outside'],
      ['Lunch break', 'Kantine öffnet'],
      ['Fire alarm test', ''],
      ['Übung', 'FIRE exit check'],
    ]) {
      await create(title!, body);
    }
    const search = async (query: string) => (await api('GET', `/notification-templates?${query}`)).body as { items: NotificationTemplateDto[]; next_token?: string };
    expect(titles((await search('term=fire')).items)).toEqual(['Übung', 'Fire alarm test', 'Fire drill']);
    expect(titles((await search('term=FIRE&isAscending=true')).items)).toEqual(['Fire drill', 'Fire alarm test', 'Übung']);
    expect(titles((await search('term=offnet')).items)).toEqual(['Lunch break']);
    expect(titles((await search('term=ubung&filterBy=all&sortBy=created')).items)).toEqual(['Übung']);

    const first = await search('term=fire&limit=2');
    expect(titles(first.items)).toEqual(['Übung', 'Fire alarm test']);
    expect(first.next_token).toBeTruthy();
    const second = await search(`term=fire&limit=2&token=${first.next_token}`);
    expect(titles(second.items)).toEqual(['Fire drill']);
    expect(second.next_token).toBeUndefined();

    const all = await search('');
    expect(all.items.length).toBeGreaterThanOrEqual(5);
    expect((await api('GET', '/notification-templates?sortBy=title')).status).toBe(400);
    const foreign = Buffer.from(JSON.stringify({ pk: 'ORG#someone-else', sk: 'TEMPLATE#NOTIFICATION#X' })).toString('base64url');
    expect((await api('GET', `/notification-templates?token=${foreign}`)).status).toBe(400);
  });
});
