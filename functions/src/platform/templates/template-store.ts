import { searchKey } from '@portal/shared/text/search-key';
import { conditionalWrite } from '../db/conditional-write.ts';
import { checkedPageToken, pageSize, pageTokenOf, withPageToken } from '../db/paging.ts';
import type { TemplateItem, TemplateKind } from './template-kind.ts';

/** Spec 001 §7: term, filterBy all, sortBy created, isAscending and token paging (the shared `templateSearchQuerySchema`). */
export interface TemplateSearchQuery {
  term?: string;
  /** `all` only; a future `mine` would add `created_by = :me` to the filter (AP65). */
  filterBy?: 'all';
  /** `created` only: ULID order is creation order. */
  sortBy?: 'created';
  isAscending?: 'true' | 'false';
  token?: string;
  limit?: number;
}

/** A page of the search; `next_token` goes back as `token`. */
export interface TemplatePage<Item> {
  items: Item[];
  next_token?: string;
}

/** What a write takes: the item without `searchText`, which the store derives. */
export type TemplateInput<Item> = Omit<Item, 'searchText'>;

export interface TemplateStore<Item> {
  /** AP37 / AP63: GetItem. */
  get(orgId: string, templateId: string): Promise<Item | null>;
  /** A new template (condition: no row under the key; ids are fresh ULIDs). */
  create(item: TemplateInput<Item>): Promise<void>;
  /** Replaces a template that still exists; false when it is gone. */
  replace(item: TemplateInput<Item>): Promise<boolean>;
  /** False when there was nothing to delete. */
  remove(orgId: string, templateId: string): Promise<boolean>;
  /** AP36: every template of the organisation in creation order, with only the attributes named (large ones stay behind). */
  list<K extends keyof Item & string>(orgId: string, attributes: readonly K[]): Promise<Array<Pick<Item, K>>>;
  /** AP65, the template search of spec 001 §7: a page of matches in created order and the token of the next. */
  search(orgId: string, query: TemplateSearchQuery): Promise<TemplatePage<Item>>;
}

type Row = Record<string, unknown>;
type Key = { orgId: string; templateId: string };
type Where = (attr: Row, op: { exists(attribute: unknown): string; contains(attribute: unknown, value: string): string }) => string;
interface Go<T> {
  go(options?: Row): Promise<T>;
}
interface Page {
  data: Row[];
  cursor: string | null;
}

/**
 * The few ElectroDB calls the store makes, over any kind's entity. The kind's entity is fully typed
 * (template-kind.ts); the store reads and writes rows of that type, so the public API stays typed
 * by `TemplateItem<K>` while this body stays one piece of code for every kind.
 */
interface Rows {
  get(key: Key): Go<{ data: Row | null }>;
  create(item: Row): Go<unknown>;
  put(item: Row): { where(where: Where): Go<unknown> };
  delete(key: Key): { where(where: Where): Go<unknown> };
  query: { byId(key: { orgId: string }): Go<Page> & { where(where: Where): Go<Page> } };
}

/** Pages of 200 are read until the page is full or 5 were read (AP65). */
const READ_PAGE = 200;
const MAX_READS = 5;

/** One store per kind: the repository of every template kind (design, notification, action, task). */
export function templateStore<K extends TemplateKind<any>>(kind: K): TemplateStore<TemplateItem<K>> {
  type Item = TemplateItem<K>;
  const rows = kind.table as unknown as Rows;
  const stored = (item: object): Row => (kind.searchText ? { ...item, searchText: kind.searchText(item as Row) } : { ...item });
  const exists: Where = (attr, op) => op.exists(attr.templateId);

  /** The key of the last item returned, as a page token (the platform/db codec). */
  const tokenAfter = (item: Row) => pageTokenOf(kind.keyOf(String(item.orgId), String(item.templateId)));

  return {
    async get(orgId, templateId) {
      return (await rows.get({ orgId, templateId }).go()).data as Item | null;
    },

    async create(item) {
      await rows.create(stored(item)).go();
    },

    replace: (item) => conditionalWrite(() => rows.put(stored(item)).where(exists).go()),

    remove: (orgId, templateId) => conditionalWrite(() => rows.delete({ orgId, templateId }).where(exists).go()),

    async list(orgId, attributes) {
      return (await rows.query.byId({ orgId }).go({ pages: 'all', attributes: [...attributes] })).data as Array<Pick<Item, (typeof attributes)[number]>>;
    },

    /**
     * AP65: the organisation's templates of the kind in created (ULID) order, filtered by
     * `contains(search_text, searchKey(term))`. DynamoDB applies Limit before the filter, so pages
     * of 200 are read until the page is full or 5 were read. The token is the key of the last item
     * returned (not LastEvaluatedKey) when the page filled up mid-read, so no match is skipped.
     */
    async search(orgId, query) {
      const term = searchKey(query.term ?? '');
      if (term && !kind.searchText) throw new Error(`${kind.entity} has no search text`);
      const limit = pageSize(query.limit);
      const order = query.isAscending === 'true' ? 'asc' : 'desc';
      let cursor = checkedPageToken(query.token, 'pk', `ORG#${orgId}`) ?? null;
      const items: Row[] = [];
      for (let reads = 0; reads < MAX_READS; reads++) {
        const byId = rows.query.byId({ orgId });
        const filtered = term ? byId.where((attr, op) => op.contains(attr.searchText, term)) : byId;
        const page = await withPageToken(() => filtered.go({ limit: READ_PAGE, cursor, order }));
        for (const [index, item] of page.data.entries()) {
          items.push(item);
          if (items.length === limit) {
            const more = index < page.data.length - 1 || !!page.cursor;
            return { items: items as Item[], ...(more ? { next_token: tokenAfter(item) } : {}) };
          }
        }
        if (!page.cursor) return { items: items as Item[] };
        cursor = page.cursor;
      }
      return { items: items as Item[], ...(cursor ? { next_token: cursor } : {}) };
    },
  };
}

/**
 * Every template's title by id (AP36, titles only): what a report names its rows by at answer time,
 * so a renamed template shows its new name at once (decision 0087).
 */
export async function templateTitles(store: Pick<TemplateStore<{ templateId: string; title: string }>, 'list'>, orgId: string): Promise<Map<string, string>> {
  return new Map((await store.list(orgId, ['templateId', 'title'])).map((template) => [template.templateId, template.title]));
}
