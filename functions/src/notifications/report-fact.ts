import type { RecipientGroup } from '@portal/shared/recipients/recipient.schema';
import { FACT_KINDS } from '@portal/shared/reports/report-definitions';
import { localTimeOf, type FactContent } from '../platform/reports/fact-content.ts';
import { groupsReached } from '../platform/reports/groups-reached.ts';
import type { NotificationItem } from './notification.entity.ts';
import type { NotificationRecipientItem } from './notification-recipient.entity.ts';
import { recipientRowsOf } from './notification-status.ts';

/** The reports kit's kind of a notification's fact (decision 0087, docs/data-model.md §3.12). */
export const NOTIF_FACT = FACT_KINDS.notification;

/** "Read" is read within 7 days of the send (decision 0087). */
export const READ_WINDOW_MS = 7 * 86_400_000;

/**
 * Reads one fold adds or takes away beyond the stored fact. A rollup row's update may add at most
 * MAX_ROW_ATTRIBUTES (250; DynamoDB's 4 KB expression), and every read may have a duration of its
 * own: 200 of them and the three counters fit, so a notification read by thousands at once is
 * folded in steps of 200, the earliest reads first, each step exact (the refresh repeats it).
 */
export const MAX_FOLD_STEP = 200;

/** What the mapping reads of the row: its id, the send, the template and trigger, the groups named. */
export type NotificationFactSource = Pick<NotificationItem, 'notificationId' | 'sentAt' | 'meta' | 'recipientGroups' | 'recipientCount'>;

/**
 * The recipients it was delivered to (delivery row Sent) and, of those, the durations send → read
 * (ms, ascending) of the reads within 7 days; a device's clock behind ours reads at the send (0).
 * The rows are counted as the status panel counts them (`recipientRowsOf`): a receipt of anybody
 * without a delivery row counts for nothing, and a second device's read left `read_at` as it was.
 */
export function readsOf(instant: string, rows: readonly NotificationRecipientItem[]): { delivered: number; durations: number[] } {
  const { delivery, receipts } = recipientRowsOf(rows);
  const sent = new Set(delivery.filter((row) => row.state === 'Sent').map((row) => row.userId));
  const from = Date.parse(instant);
  const durations = receipts
    .filter((row) => row.readAt && sent.has(row.userId))
    .map((row) => Math.max(0, Date.parse(row.readAt!) - from))
    .filter((ms) => ms <= READ_WINDOW_MS)
    .sort((a, b) => a - b);
  return { delivered: sent.size, durations };
}

const countsOf = (values: readonly number[]) => {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
};

/** `from` less `to`, as a multiset: each value as often as `from` has it more. Ascending. */
function beyond(from: Map<number, number>, to: Map<number, number>): number[] {
  const values: number[] = [];
  for (const [value, count] of from) for (let i = (to.get(value) ?? 0); i < count; i++) values.push(value);
  return values.sort((a, b) => a - b);
}

/**
 * One fold's step from the stored durations towards the target (both multisets of ms): at most
 * `limit` changes, first what the target no longer has (a row gone: not seen in practice, but a
 * step must end at the target whatever it starts from), then the earliest new reads. Deterministic,
 * so a repeat of the same step writes the same fact. Ascending.
 */
export function foldStep(stored: readonly number[], target: readonly number[], limit = MAX_FOLD_STEP): number[] {
  const have = countsOf(stored);
  const want = countsOf(target);
  const removed = beyond(have, want).slice(0, limit);
  const added = beyond(want, have).slice(0, limit - removed.length);
  for (const value of removed) have.set(value, have.get(value)! - 1);
  for (const value of added) have.set(value, (have.get(value) ?? 0) + 1);
  return [...have].flatMap(([value, count]) => Array<number>(count).fill(value)).sort((a, b) => a - b);
}

/** The durations the stored fact counts (its ALL row's). */
const storedDurations = (stored: FactContent | null) => stored?.contribution.find((row) => row.dimension === 'ALL')?.durations ?? [];

/**
 * A notification's contribution to the reports (decision 0087), by the organisation's day of its
 * send: `n` 1, `dlv` the recipients delivered to, `read` those read within 7 days with each read's
 * time from the send (ms, exact), by template and by each group named (`groupsReached`), each row
 * the notification's own (`item`): a read brings a duration of its own, and one row of the day for
 * all of them would pass DynamoDB's 400 KB at about 36,000 reads (Open 18); one notification's row
 * holds its own reads, about 11 bytes each. Folded
 * from the recipient rows in steps (`foldStep`) from the `stored` fact, whose day it keeps (the
 * organisation's at the send; a later change of zone leaves it). Not sent (scheduled, a series'
 * root): no fact. Counters at 0 are left out.
 */
export function notificationFactOf(item: NotificationFactSource, rows: readonly NotificationRecipientItem[], timeZone: string, stored: FactContent | null): FactContent | null {
  if (!item.sentAt) return null;
  const instant = new Date(item.sentAt).toISOString();
  const { localDate, localHour } = stored?.instant === instant ? stored : localTimeOf(instant, timeZone);
  const reads = readsOf(instant, rows);
  const durations = foldStep(storedDurations(stored), reads.durations);
  const counters = Object.fromEntries(Object.entries({ n: 1, dlv: reads.delivered, read: durations.length }).filter(([, count]) => count > 0));
  const meta = (item.meta ?? {}) as { template_id?: string | null; trigger_id?: string | null };
  const groups = (item.recipientGroups ?? []) as RecipientGroup[];
  const dimensions: Array<[string, string]> = [['ALL', '-'], ['TEMPLATE', meta.template_id || '-'], ...groupsReached(groups, 0, groups.length - 1).map((value): [string, string] => ['GROUP', value])];
  return {
    instant,
    localDate,
    localHour,
    contribution: dimensions.map(([dimension, value]) => ({ kind: NOTIF_FACT, dimension, date: localDate, value, item: item.notificationId, counters, durations })),
    columns: {
      template_id: meta.template_id || null,
      trigger_id: meta.trigger_id || null,
      recipient_count: item.recipientCount ?? 0,
      delivered_count: reads.delivered,
      read_count: durations.length,
      send_time: instant,
    },
  };
}
