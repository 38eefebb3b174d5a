import { describe, expect, it } from 'vitest';
import { checkContent } from '../platform/reports/fact-content.ts';
import { MAX_GROUP_ROWS } from '../platform/reports/groups-reached.ts';
import { actionFactOf, type ActionFactSource } from './report-fact.ts';

const users = (...ids: string[]) => ids.map((id) => ({ id, type: 'user' as const }));
const group = (group_number: number, recipients: Array<{ id: string; type: 'user' | 'user_group' | 'shift_activity_type' | 'everyone' }>) => ({ group_number, recipients });

/** Sent 23:30:00.250 in Berlin (winter, UTC+1) on 2 March 2026, accepted 20.5 s later at its first step. */
const accepted: ActionFactSource = {
  sendTime: '2026-03-02T22:30:00.250Z',
  state: 'fulfilled',
  step: 0,
  firstStep: 0,
  meta: { template_id: 'tpl-1', trigger_id: 'trg-1' },
  recipientGroups: [group(0, [...users('u1', 'u2'), { id: 'g1', type: 'user_group' }]), group(1, [{ id: 'act-1', type: 'shift_activity_type' }])],
  recipientCount: 3,
  acceptedCount: 1,
  declinedCount: 1,
  firstAcceptAt: '2026-03-02T22:30:20.750Z',
};

const rowsOf = (fact: ReturnType<typeof actionFactOf>) => fact.contribution.map((row) => `${row.dimension}=${row.value}`);

describe('an action as a reports fact (decision 0087)', () => {
  it("counts an accepted action on its send's local day and hour, by template, trigger, groups asked, level and hour", () => {
    const fact = actionFactOf(accepted, 'Europe/Berlin');
    checkContent(fact);
    expect(fact).toMatchObject({ instant: '2026-03-02T22:30:00.250Z', localDate: '2026-03-02', localHour: 23 });
    expect(rowsOf(fact)).toEqual(['ALL=-', 'TEMPLATE=tpl-1', 'TRIGGER=trg-1', 'GROUP=user:*', 'GROUP=user_group:g1', 'LEVEL=0', 'HOUR=23']);
    for (const row of fact.contribution) expect(row).toMatchObject({ kind: 'ACTION', date: '2026-03-02', counters: { n: 1, acc: 1 }, durations: [20_500] });
    expect(fact.columns).toEqual({
      template_id: 'tpl-1',
      trigger_id: 'trg-1',
      state: 'fulfilled',
      step: 0,
      first_step: 0,
      recipient_count: 3,
      accepted_count: 1,
      declined_count: 1,
      first_accept_ms: 20_500,
      send_time: '2026-03-02T22:30:00.250Z',
    });
  });

  it('takes the day and hour in the zone given: the same send is the next day in Tokyo', () => {
    expect(actionFactOf(accepted, 'Asia/Tokyo')).toMatchObject({ localDate: '2026-03-03', localHour: 7 });
  });

  it('counts an escalated, expired action without a template or trigger: no TRIGGER row, the groups of every step asked', () => {
    const fact = actionFactOf({ ...accepted, state: 'expired', step: 1, meta: { template_id: null, trigger_id: null }, firstAcceptAt: undefined }, 'Europe/Berlin');
    expect(rowsOf(fact)).toEqual(['ALL=-', 'TEMPLATE=-', 'GROUP=shift_activity_type:act-1', 'GROUP=user:*', 'GROUP=user_group:g1', 'LEVEL=1', 'HOUR=23']);
    expect(fact.contribution[0]).toMatchObject({ counters: { n: 1, esc: 1, exp: 1 }, durations: [] });
    expect(fact.columns).toMatchObject({ template_id: null, trigger_id: null, first_accept_ms: null, step: 1, first_step: 0 });
  });

  it('is not escalated when the first step asked was a later group (the ones before named nobody); those groups are not reached', () => {
    const fact = actionFactOf({ ...accepted, state: 'rejected', step: 1, firstStep: 1, firstAcceptAt: undefined }, 'Europe/Berlin');
    expect(fact.contribution[0]!.counters).toEqual({ n: 1, rej: 1 });
    expect(rowsOf(fact).filter((row) => row.startsWith('GROUP'))).toEqual(['GROUP=shift_activity_type:act-1']);
  });

  it('counts an action sent before first_step was stored as escalated past group 0', () => {
    expect(actionFactOf({ ...accepted, step: 1, firstStep: undefined }, 'Europe/Berlin').contribution[0]!.counters).toEqual({ n: 1, acc: 1, esc: 1 });
  });

  it('counts a withdrawn action only as withdrawn, even with an accept in', () => {
    const fact = actionFactOf({ ...accepted, state: 'withdrawn' }, 'Europe/Berlin');
    for (const row of fact.contribution) expect(row).toMatchObject({ counters: { wd: 1 }, durations: [] });
  });

  it('keeps a fact within one transaction: past MAX_GROUP_ROWS entries, the rest count together as other:*', () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ id: `g${String(i).padStart(3, '0')}`, type: 'user_group' as const }));
    expect(actionFactOf({ ...accepted, recipientGroups: [group(0, many)] }, 'Europe/Berlin').contribution.filter((row) => row.dimension === 'GROUP')).toHaveLength(MAX_GROUP_ROWS);
    // Old and new facts wholly apart still fit one transaction: their rows and the two anchors.
    const old = actionFactOf({ ...accepted, recipientGroups: [group(0, many.slice(100))] }, 'Europe/Berlin');
    const next = actionFactOf({ ...accepted, step: 1, recipientGroups: [group(0, many.slice(100)), group(1, many.slice(0, 100))] }, 'Europe/Berlin');
    const rows = new Set([...old.contribution, ...next.contribution].map((row) => `${row.dimension}=${row.value}`));
    expect(rows.size + 2).toBeLessThanOrEqual(100);
  });
});
