import { describe, expect, it } from 'vitest';
import { checkContent } from '../platform/reports/fact-content.ts';
import { firingFactId, firingFactOf, firingKeyOf, type FiringFactSource } from './report-fact.ts';

/** Fired at 23:30:00.250 in Berlin (winter, UTC+1) on 2 March 2026: a notification and two actions. */
const fired: FiringFactSource = {
  triggerId: 'trg-1',
  at: '2026-03-02T22:30:00.250Z',
  firingId: 'fir-1',
  source: 'webhook',
  outcome: 'fired',
  created: [
    { type: 'notification-template', templateId: 'tpl-n', id: 'n-1' },
    { type: 'action-template', templateId: 'tpl-a', id: 'a-1' },
    { type: 'action-template', templateId: 'tpl-a', id: 'a-2' },
  ],
};
const none = new Map<string, { at: string; by: string }>();
const rowsOf = (fact: ReturnType<typeof firingFactOf>) => fact.contribution.map((row) => `${row.dimension}=${row.value}`);

describe('a firing as a reports fact (decision 0087)', () => {
  it("counts a fired firing on its local day by trigger, timed to the first accept of any action it made", () => {
    // a-2 was accepted first (12.5 s after the firing), a-1 later; the notification's id is no action.
    const accepts = new Map([
      ['a-1', { at: '2026-03-02T22:30:40.000Z', by: 'u1' }],
      ['a-2', { at: '2026-03-02T22:30:12.750Z', by: 'u2' }],
      ['n-1', { at: '2026-03-02T22:30:01.000Z', by: 'u3' }],
    ]);
    const fact = firingFactOf(fired, accepts, 'Europe/Berlin');
    checkContent(fact);
    expect(fact).toMatchObject({ instant: '2026-03-02T22:30:00.250Z', localDate: '2026-03-02', localHour: 23 });
    expect(rowsOf(fact)).toEqual(['ALL=-', 'TRIGGER=trg-1']);
    for (const row of fact.contribution) expect(row).toMatchObject({ kind: 'FIRING', date: '2026-03-02', counters: { fired: 1, resp: 1 }, durations: [12_500] });
    expect(fact.columns).toEqual({ trigger_id: 'trg-1', source: 'webhook', outcome: 'fired', at: '2026-03-02T22:30:00.250Z', created_items: 3, response_ms: 12_500 });
  });

  it('counts a fired firing nobody accepted yet without a response, and takes the day in the zone given', () => {
    const fact = firingFactOf(fired, none, 'Asia/Tokyo');
    expect(fact).toMatchObject({ localDate: '2026-03-03', localHour: 7 });
    expect(fact.contribution.map((row) => [row.counters, row.durations])).toEqual([
      [{ fired: 1 }, []],
      [{ fired: 1 }, []],
    ]);
    expect(fact.columns).toMatchObject({ response_ms: null });
  });

  it('counts a throttled press as throttled, a failed firing as failed, neither as fired nor timed', () => {
    const throttled = firingFactOf({ ...fired, source: 'button', outcome: 'throttled', created: [] }, none, 'Europe/Berlin');
    expect(throttled.contribution[1]).toMatchObject({ value: 'trg-1', counters: { thr: 1 }, durations: [] });
    expect(throttled.columns).toMatchObject({ source: 'button', outcome: 'throttled', created_items: 0 });
    // A failed firing's jobs were not all queued: an action of it accepted anyway is not its response, as on the trigger page.
    const failed = firingFactOf({ ...fired, outcome: 'failed' }, new Map([['a-1', { at: '2026-03-02T22:30:40.000Z', by: 'u1' }]]), 'Europe/Berlin');
    expect(failed.contribution[0]).toMatchObject({ counters: { fail: 1 }, durations: [] });
    expect(failed.columns).toMatchObject({ outcome: 'failed', response_ms: null });
  });

  it('times an accept the device dated before the firing as 0, never negative', () => {
    const fact = firingFactOf(fired, new Map([['a-1', { at: '2026-03-02T22:29:59.000Z', by: 'u1' }]]), 'Europe/Berlin');
    expect(fact.contribution[0]!.durations).toEqual([0]);
  });

  it('names the fact by the firing row\'s key, and reads the key back', () => {
    const id = firingFactId(fired);
    expect(id).toBe('trg-1#2026-03-02T22:30:00.250Z#fir-1');
    expect(firingKeyOf(id)).toEqual({ triggerId: 'trg-1', at: '2026-03-02T22:30:00.250Z', firingId: 'fir-1' });
    for (const bad of ['fir-1', 'trg-1#fir-1', 'a#b#c#d', '#2026-03-02T22:30:00.250Z#fir-1']) expect(firingKeyOf(bad)).toBeNull();
  });
});
