import { describe, expect, it } from 'vitest';
import { checkContent, type FactContent } from '../platform/reports/fact-content.ts';
import { rollupDifference } from '../platform/reports/fact-difference.ts';
import { MAX_ROW_ATTRIBUTES } from '../platform/reports/rollup-updates.ts';
import type { NotificationRecipientItem } from './notification-recipient.entity.ts';
import { MAX_FOLD_STEP, READ_WINDOW_MS, foldStep, notificationFactOf, readsOf, type NotificationFactSource } from './report-fact.ts';

const base = { orgId: 'o', notificationId: 'n', shard: 0 };
const delivery = (userId: string, state: 'Sent' | 'NotSent' = 'Sent'): NotificationRecipientItem => ({ ...base, row: 'USER', userId, state, groupNumber: 0 });
const receipt = (userId: string, readAt?: string): NotificationRecipientItem => ({ ...base, row: 'RECEIPT', userId, receivedAt: readAt ?? SENT, readAt });

/** Sent 23:30:00.250 in Berlin (winter, UTC+1) on 2 March 2026. */
const SENT = '2026-03-02T22:30:00.250Z';
const after = (ms: number) => new Date(Date.parse(SENT) + ms).toISOString();
const sent: NotificationFactSource = {
  notificationId: 'n1',
  sentAt: SENT,
  meta: { template_id: 'tpl-1', trigger_id: null },
  recipientGroups: [{ group_number: 0, recipients: [{ id: 'g1', type: 'user_group' }, { id: 'u1', type: 'user' }, { id: 'u2', type: 'user' }] }],
  recipientCount: 5,
};
const rowsOf = (fact: FactContent) => fact.contribution.map((row) => `${row.dimension}=${row.value}`);

describe('a notification as a reports fact (decision 0087)', () => {
  it("counts it on its send's local day: sent, delivered, read within 7 days with each read's time, by template and group", () => {
    const rows = [
      delivery('ann'),
      delivery('bob'),
      delivery('cem'),
      delivery('dan', 'NotSent'),
      receipt('ann', after(2_000)),
      receipt('bob', after(90_500)),
      receipt('cem'), // received, not read
      receipt('dan', after(1_000)), // read but never delivered to: not of those delivered
      receipt('eve', after(3_000)), // a receipt without a delivery row (yet): nothing
    ];
    const fact = notificationFactOf(sent, rows, 'Europe/Berlin', null)!;
    checkContent(fact);
    expect(fact).toMatchObject({ instant: SENT, localDate: '2026-03-02', localHour: 23 });
    expect(rowsOf(fact)).toEqual(['ALL=-', 'TEMPLATE=tpl-1', 'GROUP=user:*', 'GROUP=user_group:g1']);
    for (const row of fact.contribution) expect(row).toMatchObject({ kind: 'NOTIF', date: '2026-03-02', counters: { n: 1, dlv: 3, read: 2 }, durations: [2_000, 90_500] });
    expect(fact.columns).toEqual({ template_id: 'tpl-1', trigger_id: null, recipient_count: 5, delivered_count: 3, read_count: 2, send_time: SENT });
  });

  it('counts a read at 7 days, not one after; a device clock behind ours reads at the send', () => {
    const rows = [delivery('ann'), delivery('bob'), delivery('cem'), receipt('ann', after(READ_WINDOW_MS)), receipt('bob', after(READ_WINDOW_MS + 1)), receipt('cem', after(-5_000))];
    expect(readsOf(SENT, rows)).toEqual({ delivered: 3, durations: [0, READ_WINDOW_MS] });
  });

  it('has no fact before it is sent, and a fact of n 1 alone before its rows are written; without a template its TEMPLATE row is -', () => {
    expect(notificationFactOf({ ...sent, sentAt: undefined }, [], 'Europe/Berlin', null)).toBeNull();
    const fact = notificationFactOf({ ...sent, meta: {} }, [], 'Asia/Tokyo', null)!;
    expect(fact).toMatchObject({ localDate: '2026-03-03', localHour: 7 });
    expect(rowsOf(fact)[1]).toBe('TEMPLATE=-');
    expect(fact.contribution[0]).toMatchObject({ counters: { n: 1 }, durations: [] });
  });

  it('keeps the day of the stored fact: a later change of zone leaves it', () => {
    const first = notificationFactOf(sent, [], 'Europe/Berlin', null)!;
    expect(notificationFactOf(sent, [], 'Asia/Tokyo', first)).toMatchObject({ localDate: '2026-03-02', localHour: 23 });
  });

  it('folds several hundred reads in steps of at most 200, earliest first, each within a row update, until it is the whole', () => {
    const people = Array.from({ length: 500 }, (_, i) => `p${String(i).padStart(3, '0')}`);
    // 450 reads, 400 of them of distinct durations (ms), the latest read first in the rows.
    const rows = [...people.map((p) => delivery(p)), ...people.slice(0, 450).map((p, i) => receipt(p, after(1_000 + (449 - Math.min(i, 399)) * 7)))];
    const target = readsOf(SENT, rows).durations;
    let stored: FactContent | null = null;
    const steps: number[] = [];
    for (;;) {
      const next: FactContent = notificationFactOf(sent, rows, 'Europe/Berlin', stored)!;
      const changed = rollupDifference(stored?.contribution ?? [], next.contribution);
      if (!changed.length && stored) break;
      for (const delta of changed) expect(Object.keys(delta.counters).length + Object.keys(delta.durations).length).toBeLessThanOrEqual(MAX_ROW_ATTRIBUTES);
      steps.push(next.contribution[0]!.counters.read!);
      // Each step adds the earliest reads not yet counted.
      expect(next.contribution[0]!.durations).toEqual(target.slice(0, next.contribution[0]!.durations.length));
      stored = next;
    }
    expect(steps).toEqual([200, 400, 450]);
    expect(stored!.contribution[0]).toMatchObject({ counters: { n: 1, dlv: 500, read: 450 }, durations: target });
  });

  it('steps a multiset: a repeat value counts twice, what the target lost goes first, at most `limit` changes', () => {
    expect(foldStep([], [5, 5, 1, 9], 3)).toEqual([1, 5, 5]);
    expect(foldStep([1, 5, 5], [5, 5, 1, 9], 3)).toEqual([1, 5, 5, 9]);
    expect(foldStep([1, 5, 5, 9], [5, 9, 20], 1)).toEqual([5, 5, 9]);
    expect(foldStep([5, 5, 9], [5, 9, 20], 2)).toEqual([5, 9, 20]);
    expect(foldStep([3, 4], [3, 4])).toEqual([3, 4]);
    expect(MAX_FOLD_STEP + 3).toBeLessThanOrEqual(MAX_ROW_ATTRIBUTES);
  });
});
