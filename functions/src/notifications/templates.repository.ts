import { withPageToken } from '../platform/db/paging.ts';
import { isConditionFailure } from '../platform/tenancy/user-accounts.repository.ts';
import { checkedCursor } from './cursor.ts';
import { NotificationTemplateEntity, type NotificationTemplateItem } from './notification-template.entity.ts';

// AP63
export async function getTemplate(orgId: string, templateId: string): Promise<NotificationTemplateItem | null> {
  return (await NotificationTemplateEntity.get({ orgId, templateId }).go()).data;
}

export async function insertTemplate(item: NotificationTemplateItem): Promise<void> {
  await NotificationTemplateEntity.create(item).go();
}

/** False when the template is gone. */
export async function replaceTemplate(item: NotificationTemplateItem): Promise<boolean> {
  try {
    await NotificationTemplateEntity.put(item)
      .where((attr, op) => op.exists(attr.templateId))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** False when there was nothing to delete. */
export async function removeTemplate(orgId: string, templateId: string): Promise<boolean> {
  try {
    await NotificationTemplateEntity.delete({ orgId, templateId })
      .where((attr, op) => op.exists(attr.templateId))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const READ_PAGE = 200;
const MAX_READS = 5;

export interface TemplateSearch {
  /** searchKey(term); empty matches all. */
  term: string;
  ascending: boolean;
  limit: number;
  token?: string;
}

/**
 * AP65: the org's templates in created (ULID) order, filtered by `contains(search_text, term)`.
 * DynamoDB applies Limit before the filter, so pages of 200 are read until the page is full or 5
 * were read. The token is the key of the last item returned (not LastEvaluatedKey) when the page
 * filled up mid-read, so no match is skipped.
 */
export async function searchTemplates(orgId: string, search: TemplateSearch): Promise<{ items: NotificationTemplateItem[]; token?: string }> {
  let cursor = checkedCursor(search.token, 'pk', `ORG#${orgId}`);
  const items: NotificationTemplateItem[] = [];
  for (let reads = 0; reads < MAX_READS; reads++) {
    const query = NotificationTemplateEntity.query.byId({ orgId });
    const filtered = search.term ? query.where((attr, op) => op.contains(attr.searchText, search.term)) : query;
    const page = await withPageToken(() => filtered.go({ limit: READ_PAGE, cursor: cursor ?? null, order: search.ascending ? 'asc' : 'desc' }));
    for (const [index, item] of page.data.entries()) {
      items.push(item);
      if (items.length === search.limit) {
        const more = index < page.data.length - 1 || !!page.cursor;
        return { items, ...(more ? { token: cursorAfter(item) } : {}) };
      }
    }
    if (!page.cursor) return { items };
    cursor = page.cursor;
  }
  return { items, token: cursor };
}

const cursorAfter = (item: NotificationTemplateItem) =>
  Buffer.from(JSON.stringify({ pk: `ORG#${item.orgId}`, sk: `TEMPLATE#NOTIFICATION#${item.templateId}` })).toString('base64url');
