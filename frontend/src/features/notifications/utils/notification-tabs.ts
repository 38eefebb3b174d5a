/** Spec 000 §2: tabs sent, scheduled, templates; sent by default. Kept in the query (`tab`). */
export const NOTIFICATION_TABS = ['sent', 'scheduled', 'templates'] as const;
export type NotificationsTab = (typeof NOTIFICATION_TABS)[number];
/** The tabs listed by GET notifications. */
export type NotificationTab = Exclude<NotificationsTab, 'templates'>;

export const TAB_PARAM = 'tab';
/** The item whose details show. */
export const SELECTED_PARAM = 'selected';

export function tabOf(search: string): NotificationsTab {
  const value = new URLSearchParams(search).get(TAB_PARAM);
  return (NOTIFICATION_TABS as readonly (string | null)[]).includes(value) ? (value as NotificationsTab) : 'sent';
}

export const selectedOf = (search: string) => new URLSearchParams(search).get(SELECTED_PARAM) ?? undefined;

/** The query with the tab (and, optionally, the selection) changed; other parameters stay. */
export function withTab(search: string, tab: NotificationsTab, selected?: string): string {
  const params = new URLSearchParams(search);
  params.set(TAB_PARAM, tab);
  if (selected) params.set(SELECTED_PARAM, selected);
  else params.delete(SELECTED_PARAM);
  return `?${params.toString()}`;
}

const SENT_REFRESH_MS = 10_000;
const MIN_REFRESH_MS = 2_000;
const MAX_REFRESH_MS = 30_000;
/** The scheduler fires within about a second of due time. */
const AFTER_DUE_MS = 1_500;

/** Lists refresh on their own: the scheduled list just after its next send is due. */
export function listRefetchInterval(tab: NotificationTab, items: readonly { send_at: string | null }[], now: Date): number {
  if (tab === 'sent') return SENT_REFRESH_MS;
  const due = items
    .map((item) => (item.send_at ? Date.parse(item.send_at) : NaN))
    // Long overdue ones (a stale root) would keep the list polling for nothing.
    .filter((at) => Number.isFinite(at) && at > now.getTime() - 60_000)
    .reduce((earliest, at) => Math.min(earliest, at), Infinity);
  if (!Number.isFinite(due)) return MAX_REFRESH_MS;
  return Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, due - now.getTime() + AFTER_DUE_MS));
}
