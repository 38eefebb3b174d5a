import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfiniteQueryObserver, MutationObserver, QueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { crudResource } from './resource-api.ts';

interface Item {
  id: string;
  name: string;
  secret?: string;
}

const items = crudResource<{ item: Item; input: { name: string; save_as_template?: boolean }; list: { items: Item[]; next_token?: string } }>()({
  module: 'automation',
  key: (orgId) => ['things', orgId] as const,
  id: 'triggerGroupId',
  list: 'listTriggerGroups',
  get: 'getTriggerGroup',
  create: 'createTriggerGroup',
  update: 'updateTriggerGroup',
  remove: 'deleteTriggerGroup',
  refreshes: (orgId, body) => [['things', orgId], body?.save_as_template ? ['templates', orgId] : null],
  cacheSaved: ({ secret: _secret, ...item }) => item,
});

const stubRequest = (answer: unknown = undefined) => vi.spyOn(api, 'request').mockResolvedValue(answer);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('crudResource', () => {
  it('reads one item under the detail key with its id as the path parameter', async () => {
    const request = stubRequest({ id: 't1', name: 'A' });
    const options = items.itemQueryOptions('o1', 't1');
    expect(options.queryKey).toEqual(['things', 'o1', 'detail', 't1']);
    await new QueryClient().fetchQuery(options);
    expect(request).toHaveBeenCalledWith('automation', 'getTriggerGroup', expect.objectContaining({ params: { orgId: 'o1', triggerGroupId: 't1' } }));
  });

  it('pages a list with its query in the key and the answer token sent back', async () => {
    const request = stubRequest({ items: [], next_token: 'n2' });
    const client = new QueryClient();
    const options = items.pagesQueryOptions('o1', { query: { tab: 'sent' } });
    expect(options.queryKey).toEqual(['things', 'o1', 'list', 'sent']);
    const observer = new InfiniteQueryObserver(client, options);
    await observer.refetch();
    await observer.fetchNextPage();
    expect(request.mock.calls.map(([, , o]) => o?.query)).toEqual([
      { tab: 'sent', next_token: undefined },
      { tab: 'sent', next_token: 'n2' },
    ]);
  });

  it('keeps the query client default stale time unless one is given', () => {
    expect('staleTime' in items.itemQueryOptions('o1', 't1')).toBe(false);
    expect(items.listQueryOptions('o1', { staleTime: 5 }).staleTime).toBe(5);
  });

  it('creates without an id, updates with one, caches the answer as told and reads again what the body reaches', async () => {
    const request = stubRequest({ id: 't1', name: 'A', secret: 's' });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const save = new MutationObserver(client, items.saveOptions(client, 'o1'));
    await save.mutate({ body: { name: 'A', save_as_template: true } });
    await save.mutate({ triggerGroupId: 't1', body: { name: 'A' } });
    expect(request.mock.calls.map(([, handler, o]) => [handler, o?.params])).toEqual([
      ['createTriggerGroup', { orgId: 'o1' }],
      ['updateTriggerGroup', { orgId: 'o1', triggerGroupId: 't1' }],
    ]);
    expect(client.getQueryData(['things', 'o1', 'detail', 't1'])).toEqual({ id: 't1', name: 'A' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['things', 'o1'], ['templates', 'o1'], ['things', 'o1']]);
  });

  it('deletes by id or by id and query, and drops the item from the cache', async () => {
    const request = stubRequest();
    const client = new QueryClient();
    client.setQueryData(['things', 'o1', 'detail', 't1'], { id: 't1', name: 'A' });
    const remove = new MutationObserver(client, items.deleteOptions(client, 'o1'));
    await remove.mutate('t1');
    await remove.mutate({ triggerGroupId: 't2', scope: 'all' });
    expect(request.mock.calls.map(([, handler, o]) => [handler, o?.params, o?.query])).toEqual([
      ['deleteTriggerGroup', { orgId: 'o1', triggerGroupId: 't1' }, undefined],
      ['deleteTriggerGroup', { orgId: 'o1', triggerGroupId: 't2' }, { scope: 'all' }],
    ]);
    expect(client.getQueryData(['things', 'o1', 'detail', 't1'])).toBeUndefined();
  });
});
