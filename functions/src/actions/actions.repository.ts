import { conditionalWrite } from '../platform/db/conditional-write.ts';
import { checkedPageToken, withPageToken } from '../platform/db/paging.ts';
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

/** Keys per BatchGetItem call; what DynamoDB leaves unprocessed is asked again a few times. */
const BATCH_GET_MAX = 100;
const BATCH_GET_ATTEMPTS = 5;

/** The first accept of each action that has one (BatchGetItem of the rows' two attributes); ids not found are left out. */
export async function firstAcceptsOf(orgId: string, actionIds: readonly string[]): Promise<Array<{ actionId: string; firstAcceptAt: string; firstAcceptBy: string }>> {
  const found: Array<{ actionId: string; firstAcceptAt: string; firstAcceptBy: string }> = [];
  const unique = [...new Set(actionIds)];
  for (let start = 0; start < unique.length; start += BATCH_GET_MAX) {
    let keys = unique.slice(start, start + BATCH_GET_MAX).map((actionId) => ({ orgId, actionId }));
    for (let attempt = 1; keys.length; attempt++) {
      if (attempt > BATCH_GET_ATTEMPTS) throw new Error(`${keys.length} actions stayed unprocessed reading first accepts`);
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const { data, unprocessed } = await ActionEntity.get(keys).go({ attributes: ['actionId', 'firstAcceptAt', 'firstAcceptBy'] });
      for (const row of data) if (row.firstAcceptAt && row.firstAcceptBy) found.push({ actionId: row.actionId, firstAcceptAt: row.firstAcceptAt, firstAcceptBy: row.firstAcceptBy });
      keys = unprocessed as typeof keys;
    }
  }
  return found;
}
