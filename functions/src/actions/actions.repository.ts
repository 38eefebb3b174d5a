import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { checkedPageToken, withPageToken } from '../platform/db/paging.ts';
import { BATCH_GET_CONCURRENT, getEvery } from '../platform/db/unprocessed.ts';
import { ActionEntity, type ActionItem } from './action.entity.ts';

// AP47. `consistent`: the delivery consumer, which reads a row written just before its batch was
// queued (an eventually consistent read could miss it and drop the batch).
export async function getAction(orgId: string, actionId: string, options: { consistent?: boolean } = {}): Promise<ActionItem | null> {
  return (await ActionEntity.get({ orgId, actionId }).go({ consistent: options.consistent ?? false })).data;
}

/** A new action (condition: no row under the key); false when the id exists (a fired template's fixed id, sent before). */
export async function insertAction(item: ActionItem): Promise<boolean> {
  return conditionalWrite(() => ActionEntity.create(item).go());
}

// AP46: the sent list, newest first.
export async function listPage(orgId: string, limit: number, token?: string) {
  const cursor = checkedPageToken(token, 'gsi1pk', `ORG#${orgId}#ACTIONS`);
  return withPageToken(() => ActionEntity.query.bySendTime({ orgId }).go({ limit, cursor: cursor ?? null, order: 'desc' }));
}

/**
 * open → withdrawn (the delete of an open action), one conditional write on the row like every
 * other close (the escalation decision record); false when it was no longer open.
 */
export async function withdraw(orgId: string, actionId: string, closedAt: string): Promise<boolean> {
  return conditionalWrite(() =>
    ActionEntity.patch({ orgId, actionId })
      .set({ state: 'withdrawn', closedAt })
      .where((attr, op) => op.eq(attr.state, 'open'))
      .go(),
  );
}

export async function deleteAction(orgId: string, actionId: string): Promise<void> {
  await ActionEntity.delete({ orgId, actionId }).go();
}

/**
 * Users of a step whose prompts are queued now and whom nothing can reach (AP51's counter): once
 * per user, as each step is asked once. False when the action is gone.
 */
export async function addNotAvailable(orgId: string, actionId: string, count: number): Promise<boolean> {
  return conditionalWrite(() => ActionEntity.patch({ orgId, actionId }).add({ notAvailableCount: count }).go());
}

/** AP51: the most recently sent actions, newest first, ONE Query of at most `limit` (the dashboard). */
export async function latestActions(orgId: string, limit: number): Promise<ActionItem[]> {
  return (await ActionEntity.query.bySendTime({ orgId }).go({ limit, order: 'desc' })).data;
}

/**
 * The first accept of each action that has one (BatchGetItem of the rows' two attributes); ids not
 * found are left out. `consistent`: a refresh after an accept reads what it wrote.
 */
export async function firstAcceptsOf(orgId: string, actionIds: readonly string[], consistent = false): Promise<Array<{ actionId: string; firstAcceptAt: string; firstAcceptBy: string }>> {
  const keys = [...new Set(actionIds)].map((actionId) => ({ orgId, actionId }));
  const rows = await getEvery(keys, (pending) => ActionEntity.get(pending).go({ attributes: ['actionId', 'firstAcceptAt', 'firstAcceptBy'], consistent, concurrent: BATCH_GET_CONCURRENT }), 'actions of a first-accept read');
  return rows.flatMap((row) => (row.firstAcceptAt && row.firstAcceptBy ? [{ actionId: row.actionId, firstAcceptAt: row.firstAcceptAt, firstAcceptBy: row.firstAcceptBy }] : []));
}
