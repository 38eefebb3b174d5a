import type { FiringRow } from './firings.repository.ts';

/** The first accept of each action that has one, by action id (actions/public.ts `firstAccepts`). */
export type Accepts = ReadonlyMap<string, { at: string; by: string }>;

/** The actions a firing made (the ids it fixed, decision 0039). */
export const actionIdsOf = (row: Pick<FiringRow, 'created'>) => row.created.filter((item) => item.type === 'action-template').map((item) => item.id);

/**
 * The first accept of any of the firing's actions, and how long after the firing it came (never
 * below 0): the trigger page's first answer and response time, and the firing's report fact.
 */
export function firstAnswerOf(row: Pick<FiringRow, 'at' | 'created'>, accepts: Accepts): { by: string; afterMs: number } | null {
  let first: { at: string; by: string } | undefined;
  for (const id of actionIdsOf(row)) {
    const accept = accepts.get(id);
    if (accept && (!first || accept.at < first.at)) first = accept;
  }
  return first ? { by: first.by, afterMs: Math.max(0, Date.parse(first.at) - Date.parse(row.at)) } : null;
}
