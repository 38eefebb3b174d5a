import { factRefresher } from '../platform/reports/fact-refresher.ts';
import { organizationTimeZone } from '../platform/tenancy/organization-time-zone.repository.ts';
import { readAction } from './answers.repository.ts';
import { ACTION_FACT, actionFactOf } from './report-fact.ts';

/**
 * An action's report fact, brought up to date with its row (AP94) at the end of every path that
 * changes an action (send, asking, answer, step, close, withdrawal); the row is read consistently,
 * so the refresh sees the write of the path that called it. Gone (a closed action deleted): the
 * fact stays as it was (decision 0087, history stays).
 */
export const actionFacts = factRefresher({
  module: 'actions',
  kind: ACTION_FACT,
  read: async (orgId, actionId) => {
    const action = await readAction(orgId, actionId);
    return action ? actionFactOf(action, await organizationTimeZone(orgId)) : null;
  },
});

export const refreshActionFact = actionFacts.refresh;
