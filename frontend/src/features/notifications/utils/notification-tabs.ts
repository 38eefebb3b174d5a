import { tabIn } from '../../../ui/query-tabs.ts';

/** Spec 000 §2: tabs sent, scheduled, templates; sent by default. Kept in the query (`tab`). */
export const NOTIFICATION_TABS = ['sent', 'scheduled', 'templates'] as const;
export type NotificationsTab = (typeof NOTIFICATION_TABS)[number];
/** The tabs listed by GET notifications. */
export type NotificationTab = Exclude<NotificationsTab, 'templates'>;

export { selectedOf, withTab } from '../../../ui/query-tabs.ts';

export const tabOf = (search: string): NotificationsTab => tabIn(search, NOTIFICATION_TABS);

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
