import { describe, expect, it } from 'vitest';
import { pageTokenOf } from '../db/paging.ts';
import { messageTemplateKind, storedAs, type TemplateKind } from './template-kind.ts';
import { templateStore } from './template-store.ts';

interface Content {
  content: { title: { text: string }; body: { text: string } };
  recipient_groups: unknown[];
}

const notificationKind = messageTemplateKind('notification', storedAs<Content>());
type Row = Record<string, unknown>;

/** What ElectroDB would write for `item`, without a table (`.params()` builds the request only). */
const written = (kind: TemplateKind<any>, item: Row) => (kind.table as any).create(item).params().Item as Row;

const template = (templateId: string, title: string, body = '') => ({
  orgId: 'org-1',
  templateId,
  title,
  notification: { content: { title: { text: title }, body: { text: body } }, recipient_groups: [] },
  createdBy: 'user-1',
  createdAt: '2025-03-03T08:00:00.000Z',
  updatedAt: '2025-03-03T08:00:00.000Z',
});

describe('message template kinds', () => {
  it('write the notification template rows exactly as before (keys, entity name, field names)', () => {
    const item = { ...template('01J0000000000000000000000A', 'Shift swap', 'Wer übernimmt Freitag?'), searchText: 'shift swap' };
    expect(written(notificationKind, item)).toEqual({
      pk: 'ORG#org-1',
      sk: 'TEMPLATE#NOTIFICATION#01J0000000000000000000000A',
      __edb_e__: 'notificationTemplate',
      __edb_v__: '1',
      orgId: 'org-1',
      templateId: '01J0000000000000000000000A',
      title: 'Shift swap',
      notification: item.notification,
      created_by: 'user-1',
      created_time: '2025-03-03T08:00:00.000Z',
      search_text: 'shift swap',
      updated_at: '2025-03-03T08:00:00.000Z',
    });
    expect(notificationKind.keyOf('org-1', 'X')).toEqual({ pk: 'ORG#org-1', sk: 'TEMPLATE#NOTIFICATION#X' });
  });

  it('give actions and tasks the keys of docs/data-model.md from their name alone', () => {
    for (const [name, entity, sk] of [
      ['action', 'actionTemplate', 'TEMPLATE#ACTION#T'],
      ['task', 'taskTemplate', 'TEMPLATE#TASK#T'],
    ] as const) {
      const kind = messageTemplateKind(name, storedAs<Content>());
      const item = { orgId: 'org-1', templateId: 'T', title: 'x', [name]: {}, createdBy: 'u', createdAt: 'c', searchText: 'x' };
      expect(written(kind, item)).toMatchObject({ pk: 'ORG#org-1', sk, __edb_e__: entity, [name]: {}, created_by: 'u', created_time: 'c', search_text: 'x' });
      expect(kind.keyOf('org-1', 'T').sk).toBe(sk);
    }
  });
});

/**
 * A stand-in for DynamoDB's Query on one kind's partition: rows in sort key order, `Limit` applied
 * before the filter, the cursor a page token of the last key read, and every read counted.
 */
function fakeTable(kind: TemplateKind<any>, rows: Row[]) {
  const reads: Array<string | null> = [];
  const keyToken = (row: Row) => pageTokenOf(kind.keyOf(String(row.orgId), String(row.templateId)));
  const run = (filter: (row: Row) => boolean) => ({
    go: async ({ limit, cursor, order }: { limit: number; cursor: string | null; order: 'asc' | 'desc' }) => {
      reads.push(cursor);
      const sorted = order === 'asc' ? rows : [...rows].reverse();
      const start = cursor ? sorted.findIndex((row) => keyToken(row) === cursor) + 1 : 0;
      const read = sorted.slice(start, start + limit);
      const more = start + limit < sorted.length;
      return { data: read.filter(filter), cursor: more ? keyToken(read.at(-1)!) : null };
    },
  });
  const byId = () => ({
    ...run(() => true),
    where: (where: (attr: Row, op: { contains(attribute: unknown, value: string): string }) => string) => {
      let contains: [string, string] = ['', ''];
      where({ searchText: 'searchText' }, { contains: (attribute, value) => ((contains = [String(attribute), value]), '') });
      return run((row) => String(row[contains[0]]).includes(contains[1]));
    },
  });
  const created: Row[] = [];
  const table = { query: { byId }, create: (item: Row) => ({ go: async () => created.push(written(kind, item)) }) };
  return { kind: { ...kind, table } as unknown as typeof notificationKind, reads, created };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `01J${String(i).padStart(23, '0')}`);

describe('template store', () => {
  it('derives search_text on write from the title and the content title and body', async () => {
    const fake = fakeTable(notificationKind, []);
    await templateStore(fake.kind).create(template('A', 'Übung', 'FIRE   exit Straße'));
    expect(fake.created[0]).toMatchObject({ search_text: 'ubung ubung fire exit strasse' });
  });

  it('fills a page across reads, newest first, and hands out the key of the last item returned', async () => {
    const rows = ids(450).map((id, i) => ({ ...template(id, i % 100 === 0 ? 'Fire drill' : 'Lunch'), searchText: i % 100 === 0 ? 'fire drill' : 'lunch' }));
    const fake = fakeTable(notificationKind, rows);
    const store = templateStore(fake.kind);

    const first = await store.search('org-1', { term: 'FIRE', limit: 3 });
    expect(first.items.map((t) => t.templateId)).toEqual([rows[400]!.templateId, rows[300]!.templateId, rows[200]!.templateId]);
    expect(fake.reads).toHaveLength(2);
    expect(first.next_token).toBe(pageTokenOf({ pk: 'ORG#org-1', sk: `TEMPLATE#NOTIFICATION#${rows[200]!.templateId}` }));

    const second = await store.search('org-1', { term: 'fire', limit: 3, token: first.next_token });
    expect(second.items.map((t) => t.templateId)).toEqual([rows[100]!.templateId, rows[0]!.templateId]);
    expect(second.next_token).toBeUndefined();

    const ascending = await store.search('org-1', { term: 'fire', isAscending: 'true' });
    expect(ascending.items.map((t) => t.templateId)).toEqual([0, 100, 200, 300, 400].map((i) => rows[i]!.templateId));
  });

  it('stops after 5 reads of 200 and goes on from where it stopped', async () => {
    const rows = ids(1200).map((id) => ({ ...template(id, 'Lunch'), searchText: 'lunch' }));
    const fake = fakeTable(notificationKind, rows);
    const page = await templateStore(fake.kind).search('org-1', { term: 'fire' });
    expect(page.items).toEqual([]);
    expect(fake.reads).toHaveLength(5);
    expect(page.next_token).toBe(pageTokenOf({ pk: 'ORG#org-1', sk: `TEMPLATE#NOTIFICATION#${rows[200]!.templateId}` }));
  });

  it("refuses a token of another organisation's partition", async () => {
    const store = templateStore(fakeTable(notificationKind, []).kind);
    const foreign = pageTokenOf({ pk: 'ORG#someone-else', sk: 'TEMPLATE#NOTIFICATION#X' });
    await expect(store.search('org-1', { token: foreign })).rejects.toThrow('Invalid page token');
    await expect(store.search('org-1', { token: 'not a token' })).rejects.toThrow('Invalid page token');
  });
});
