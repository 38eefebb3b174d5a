import { DASHBOARD_ACTIONS_LIMIT, RESPONSE_KEYS, type DashboardActionDto, type DashboardActionsDto } from '@portal/shared/dashboard/dashboard.schema';
import { percentageRecord } from '@portal/shared/dashboard/percentages';
import { compareDashboardActions, responseCountsOf, sumResponseCounts } from '@portal/shared/dashboard/status-counts';
import { recentActions, type ActionSummary } from '../actions/public.ts';

export function toDashboardAction(action: ActionSummary): DashboardActionDto {
  const counts = responseCountsOf(action);
  return {
    id: action.id,
    name: action.name,
    state: action.state,
    sent_at: action.sent_at,
    step: action.step + 1,
    steps: Math.max(action.groups, action.step + 1),
    recipient_count: action.recipient_count,
    counts,
    percentages: percentageRecord(RESPONSE_KEYS, counts),
    first_accept_ms: action.first_accept_ms,
  };
}

/**
 * The actions panel (AP51, decision 0036): the 50 most recently sent actions from ONE Query, each
 * with the response counts its row keeps, open ones first; totals and their percentages over them.
 */
export async function actionsPanel(orgId: string): Promise<DashboardActionsDto> {
  const items = (await recentActions(orgId, DASHBOARD_ACTIONS_LIMIT)).map(toDashboardAction).sort(compareDashboardActions);
  const totals = sumResponseCounts(items.map((item) => item.counts));
  return { items, totals, percentages: percentageRecord(RESPONSE_KEYS, totals) };
}
