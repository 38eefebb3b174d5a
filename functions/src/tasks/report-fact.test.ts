import { describe, expect, it } from 'vitest';
import { checkContent } from '../platform/reports/fact-content.ts';
import { MAX_ACTIVITY_ROWS, OTHER_ACTIVITIES, activitiesNamed, answerItemId, answerItemOf, checkLabelOf, taskAnswerFactOf, taskFactOf, type TaskFactSource } from './report-fact.ts';

const BERLIN = 'Europe/Berlin';
/** Due 23:30:00.250 in Berlin (winter, UTC+1) on 2 March 2026. */
const DUE = '2026-03-02T22:30:00.250Z';
const at = (ms: number) => new Date(Date.parse(DUE) + ms);
const iso = (ms: number) => at(ms).toISOString();

const item = (id: string, title: string, is_deleted = false) => ({ id, title: { text: title }, is_checked: false, is_deleted });
/** Delivered to three people, two user groups' worth: users, a shift activity named twice, another one. */
const open: TaskFactSource = {
  startAt: '2026-03-02T20:00:00.000Z',
  endAt: DUE,
  meta: { template_id: 'tpl-1', trigger_id: 'trg-1', is_recurring_root: false, is_recurring_child: false, recurring_root_id: null },
  content: { title: { text: 'Close till 3' }, body: { text: '' }, checklist: [] },
  config: { closure_criteria: 'one' },
  recipientGroups: [
    { group_number: 0, recipients: [{ id: 'u1', type: 'user' }, { id: 'act-2', type: 'shift_activity_type' }] },
    { group_number: 1, recipients: [{ id: 'act-1', type: 'shift_activity_type' }, { id: 'act-2', type: 'shift_activity_type' }, { id: 'g1', type: 'user_group' }] },
  ],
  recipientCount: 3,
  completedCount: 0,
  declinedCount: 0,
  completedByAdmin: [],
  checklistState: {},
};

const rowsOf = (fact: ReturnType<typeof taskFactOf>) => fact.contribution.map((row) => `${row.dimension}=${row.value}`);
const countersOf = (fact: ReturnType<typeof taskFactOf>, dimension: string) => fact.contribution.filter((row) => row.dimension === dimension).map((row) => ({ value: row.value, counters: row.counters, durations: row.durations }));

describe('a task as a reports fact (decision 0087)', () => {
  it('counts nothing before its due time: its rows are there, every counter 0; the day is the due local day', () => {
    const fact = taskFactOf(open, BERLIN, at(-1));
    checkContent(fact);
    expect(fact).toMatchObject({ instant: DUE, localDate: '2026-03-02', localHour: 23 });
    expect(rowsOf(fact)).toEqual(['ALL=-', 'TEMPLATE=tpl-1', 'ACTIVITY=act-1', 'ACTIVITY=act-2']);
    for (const row of fact.contribution) expect(row).toMatchObject({ kind: 'TASK', date: '2026-03-02', counters: {}, durations: [] });
    expect(fact.columns).toEqual({
      template_id: 'tpl-1',
      trigger_id: 'trg-1',
      recurring_root_id: null,
      start_at: '2026-03-02T20:00:00.000Z',
      due_at: DUE,
      completed_at: null,
      status: 'ongoing',
      on_time: null,
      lateness_ms: null,
      completed_by_admin: false,
      closure: 'one',
      recipient_count: 3,
      completed_count: 0,
      declined_count: 0,
      checklist_items: 0,
      checklist_unticked: 0,
    });
  });

  it('takes the day in the zone given: the same due time is the next day in Tokyo', () => {
    expect(taskFactOf(open, 'Asia/Tokyo', at(0))).toMatchObject({ localDate: '2026-03-03', localHour: 7 });
  });

  it('counts a task still open at its due time as due and overdue, in every row', () => {
    const fact = taskFactOf(open, BERLIN, at(0));
    for (const row of fact.contribution) expect(row).toMatchObject({ counters: { n: 1, overdue: 1 }, durations: [] });
    expect(fact.columns).toMatchObject({ status: 'overdue', on_time: null });
  });

  it('counts a completion by the due time as on time, before the due time too; after it as late and overdue with its lateness in ms', () => {
    const onTime = taskFactOf({ ...open, completedAt: iso(0), completedCount: 1 }, BERLIN, at(-3_600_000));
    expect(onTime.contribution[0]).toMatchObject({ counters: { n: 1, ontime: 1 }, durations: [] });
    expect(onTime.columns).toMatchObject({ status: 'completed', on_time: true, lateness_ms: null, completed_at: DUE });

    const late = taskFactOf({ ...open, completedAt: iso(90_500), completedByAdmin: ['admin-1'] }, BERLIN, at(100_000));
    for (const row of late.contribution) expect(row).toMatchObject({ counters: { n: 1, late: 1, overdue: 1 }, durations: [90_500] });
    expect(late.columns).toMatchObject({ on_time: false, lateness_ms: 90_500, completed_by_admin: true });
  });

  it('counts all declined (every recipient, nobody completed) from the due time on, as overdue too: it is not completed', () => {
    const declined = { ...open, declinedCount: 3 };
    expect(taskFactOf(declined, BERLIN, at(-1)).contribution[0]!.counters).toEqual({});
    expect(taskFactOf(declined, BERLIN, at(-1)).columns).toMatchObject({ status: 'all_declined' });
    expect(taskFactOf(declined, BERLIN, at(1)).contribution[0]!.counters).toEqual({ n: 1, overdue: 1, decl: 1 });
    expect(taskFactOf({ ...open, declinedCount: 2 }, BERLIN, at(1)).contribution[0]!.counters).toEqual({ n: 1, overdue: 1 });
  });

  it('has no template row value but `-`, and no ACTIVITY row without a shift activity named', () => {
    const fact = taskFactOf({ ...open, meta: { template_id: null, trigger_id: null }, recipientGroups: [{ group_number: 0, recipients: [{ id: 'u1', type: 'user' }] }] }, BERLIN, at(0));
    expect(rowsOf(fact)).toEqual(['ALL=-', 'TEMPLATE=-']);
    expect(fact.columns).toMatchObject({ template_id: null, trigger_id: null });
  });

  it('has a CHECK row per live item by its label: n when due, unt unless its last tick is a check by the due time', () => {
    const long = `  ${'é'.repeat(99)}😀x  `;
    const checklisted: TaskFactSource = {
      ...open,
      content: { title: { text: 'Open' }, checklist: [item('a', ' Lights '), item('b', 'Till'), item('c', 'Door'), item('d', 'Gone', true), item('e', long), item('f', 'Lights')] },
      checklistState: {
        a: { is_checked: true, user_id: 'u1', timestamp: DUE },
        b: { is_checked: true, user_id: 'u1', timestamp: iso(1) },
        c: { is_checked: false, user_id: 'u1', timestamp: iso(-5) },
        d: { is_checked: true, user_id: 'u1', timestamp: iso(-5) },
      },
    };
    const fact = taskFactOf(checklisted, BERLIN, at(0));
    checkContent(fact);
    expect(countersOf(fact, 'CHECK')).toEqual([
      { value: 'Lights', counters: { n: 1 }, durations: [] },
      { value: 'Till', counters: { n: 1, unt: 1 }, durations: [] },
      { value: 'Door', counters: { n: 1, unt: 1 }, durations: [] },
      { value: `${'é'.repeat(99)}😀`, counters: { n: 1, unt: 1 }, durations: [] },
      { value: 'Lights', counters: { n: 1, unt: 1 }, durations: [] },
    ]);
    expect(fact.columns).toMatchObject({ checklist_items: 5, checklist_unticked: 4 });
    // Not due yet: the rows, no counts.
    expect(countersOf(taskFactOf(checklisted, BERLIN, at(-1)), 'CHECK').map((row) => row.counters)).toEqual([{}, {}, {}, {}, {}]);
  });

  it('cuts labels to 100 characters and names an empty one `-`', () => {
    expect(checkLabelOf('  x  ')).toBe('x');
    expect(checkLabelOf('   ')).toBe('-');
    expect([...checkLabelOf('a'.repeat(150))]).toHaveLength(100);
  });

  it('names each activity once, sorted, and past MAX_ACTIVITY_ROWS counts the rest together as `*` (a moved fact fits one transaction)', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: `act-${String(i).padStart(2, '0')}`, type: 'shift_activity_type' as const }));
    const named = activitiesNamed([{ group_number: 0, recipients: many }, { group_number: 1, recipients: many.slice(0, 3) }]);
    expect(named).toHaveLength(MAX_ACTIVITY_ROWS);
    expect(named.slice(0, 2)).toEqual(['act-00', 'act-01']);
    expect(named.at(-1)).toBe(OTHER_ACTIVITIES);
    const checklist = Array.from({ length: 20 }, (_, i) => item(`i${i}`, `Item ${i}`));
    const fact = taskFactOf({ ...open, recipientGroups: [{ group_number: 0, recipients: many }], content: { checklist } }, BERLIN, at(0));
    // Moved to another day: every old and new row differs, plus ref, fact and the old fact's delete.
    expect(2 * fact.contribution.length + 3).toBeLessThanOrEqual(100);
  });
});

describe("a person's answer to a task as a reports fact", () => {
  it('counts done and on time by their own completion, on the task due day, by user', () => {
    const fact = taskAnswerFactOf(open, 'u1', { completedAt: iso(-60_000) }, BERLIN);
    checkContent(fact);
    expect(fact).toMatchObject({ instant: DUE, localDate: '2026-03-02', localHour: 23 });
    expect(fact.contribution).toEqual([{ kind: 'TASKANSWER', dimension: 'PERSON', date: '2026-03-02', value: 'u1', counters: { done: 1, ontime: 1 }, durations: [] }]);
    expect(fact.columns).toEqual({ user_id: 'u1', completed_at: iso(-60_000), declined_at: null, on_time: true });
  });

  it('counts a late completion as done only, a decline as declined, and no row or no answer as nothing', () => {
    expect(taskAnswerFactOf(open, 'u1', { completedAt: iso(1) }, BERLIN).contribution[0]!.counters).toEqual({ done: 1 });
    expect(taskAnswerFactOf(open, 'u1', { declinedAt: iso(-1) }, BERLIN).contribution[0]!.counters).toEqual({ decl: 1 });
    expect(taskAnswerFactOf(open, 'u1', {}, BERLIN).contribution[0]!.counters).toEqual({});
    expect(taskAnswerFactOf(open, 'u1', null, BERLIN).columns).toEqual({ user_id: 'u1', completed_at: null, declined_at: null, on_time: null });
  });

  it('keys it by task and user, and reads them back', () => {
    expect(answerItemId('01TASK', 'sub-1')).toBe('01TASK#sub-1');
    expect(answerItemOf('01TASK#sub-1')).toEqual({ taskId: '01TASK', userId: 'sub-1' });
    for (const bad of ['01TASK', '#sub-1', '01TASK#']) expect(answerItemOf(bad)).toBeNull();
  });
});
