import { DASHBOARD_ACTIONS_LIMIT, RESPONSE_KEYS, type DashboardActionDto, type DashboardActionsDto } from '@portal/shared/dashboard/dashboard.schema';
import { percentageRecord } from '@portal/shared/dashboard/percentages';
import { compareDashboardActions, responseCountsOf, sumResponseCounts } from '@portal/shared/dashboard/status-counts';
import { recentActions, type ActionSummary } from '../actions/public.ts';

/** From the send to the first accept; null while nobody accepted (never negative, whatever the clocks). */
const firstAcceptMs = (action: ActionSummary): number | null => {
  if (!action.first_accept_at) return null;
  const ms = Date.parse(action.first_accept_at) - Date.parse(action.sent_at);
  return Number.isNaN(ms) ? null : Math.max(0, ms);
};

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
    first_accept_ms: firstAcceptMs(action),
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
