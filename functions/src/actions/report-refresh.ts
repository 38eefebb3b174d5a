import { enqueueJob } from '../platform/delivery/delivery-queue.ts';
import { logger } from '../platform/logger.ts';
import { refreshFact, type RefreshOutcome } from '../platform/reports/refresh-fact.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { readAction } from './answers.repository.ts';
import { ACTION_FACT, actionFactOf } from './report-fact.ts';

/** The refresh of an action's fact as a job on the actions queue, when the path that changed it could not. */
export const REPORT_REFRESH_JOB = 'report.refresh';

/**
 * Brings an action's report fact up to date with its row (AP94): the row read consistently, so the
 * refresh sees the write of the path that called it. Gone (a closed action deleted): null, the fact
 * stays as it was (decision 0087, history stays).
 */
export function refreshNow(orgId: string, actionId: string): Promise<RefreshOutcome> {
  return refreshFact({
    orgId,
    kind: ACTION_FACT,
    itemId: actionId,
    read: async () => {
      const action = await readAction(orgId, actionId);
      return action ? actionFactOf(action, await organizationTimeZone(orgId)) : null;
    },
  });
}

/**
 * The one call at the end of every path that changes an action (send, asking, answer, step,
 * close, withdrawal): a report must never fail the path, so a refresh that fails is queued as a
 * `report.refresh` job for the actions delivery function and logged. It is idempotent, so a path
 * run twice, or a job after a refresh that did go through, changes nothing.
 */
export async function refreshActionFact(orgId: string, actionId: string): Promise<void> {
  try {
    await refreshNow(orgId, actionId);
  } catch (error) {
    logger.warn('Action report fact not refreshed: queued', { orgId, actionId, error: (error as Error).message });
    await enqueueJob(orgId, 'actions', REPORT_REFRESH_JOB, { actionId }).catch((queueError: unknown) =>
      logger.error('Action report refresh not queued', { orgId, actionId, error: (queueError as Error).message }),
    );
  }
}

/** The job (the actions delivery function): a throw comes back from the queue and in the end dead-letters. */
export async function runReportRefreshJob(orgId: string, payload: unknown): Promise<void> {
  const actionId = (payload as { actionId?: unknown } | null)?.actionId;
  if (typeof actionId !== 'string' || !actionId) throw new Error('Not a report.refresh job payload');
  await refreshNow(orgId, actionId);
}
