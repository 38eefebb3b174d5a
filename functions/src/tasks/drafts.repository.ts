import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { checkedPageToken, withPageToken } from '../platform/db/paging.ts';
import { TaskDraftEntity, type TaskDraftItem } from './task-draft.entity.ts';

// AP61: get, put, delete on `sk=DRAFT#TASK#{draftId}`; the tab newest first.
export async function getDraft(orgId: string, draftId: string): Promise<TaskDraftItem | null> {
  return (await TaskDraftEntity.get({ orgId, draftId }).go()).data;
}

/** A new draft (fresh ULID), or a draft put back after a failed Create Task. */
export async function insertDraft(item: TaskDraftItem): Promise<boolean> {
  return conditionalWrite(() => TaskDraftEntity.create(item).go());
}

/** Replaces a draft that still exists; false when it is gone. */
export async function replaceDraft(item: TaskDraftItem): Promise<boolean> {
  return conditionalWrite(() =>
    TaskDraftEntity.put(item)
      .where((attr, op) => op.exists(attr.draftId))
      .go(),
  );
}

/** False when there was nothing to delete: of two Create Task clicks only one takes the draft (AP62). */
export async function removeDraft(orgId: string, draftId: string): Promise<boolean> {
  return conditionalWrite(() =>
    TaskDraftEntity.delete({ orgId, draftId })
      .where((attr, op) => op.exists(attr.draftId))
      .go(),
  );
}

export async function draftPage(orgId: string, read: { limit: number; token?: string | undefined }) {
  const cursor = checkedPageToken(read.token, 'pk', `ORG#${orgId}`) ?? null;
  return withPageToken(() => TaskDraftEntity.query.byId({ orgId }).go({ limit: read.limit, cursor, order: 'desc' }));
}
