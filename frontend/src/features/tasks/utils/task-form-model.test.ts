import { describe, expect, it } from 'vitest';
import type { TaskDraftDto, TaskDto, TaskTemplateDto } from '@portal/shared/tasks/task.schema';
import { offsetOf } from '../../../lib/date-time.ts';
import {
  closureChoosable,
  closureOf,
  copyFormValues,
  defaultEnd,
  defaultStartTime,
  draftFormValues,
  emptyTaskValues,
  endOf,
  fromTemplateValues,
  showsRepeat,
  showsSchedule,
  startOf,
  toDraftBody,
  toFormValues,
  toTaskBody,
  type TaskFormValues,
} from './task-form-model.ts';

// The forms work in the organisation's zone; these expectations are written in the zone the tests run in.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

// 3 March 2025, 10:10 local time.
const now = new Date(2025, 2, 3, 10, 10);
const user = (id: string) => ({ id, type: 'user' as const });

const base = (patch: Partial<TaskFormValues> = {}): TaskFormValues => ({ ...emptyTaskValues(now, ZONE), title: 'Open the shop', recipients: [user('u1')], ...patch });

describe('task form defaults (spec 000 §9)', () => {
  it('starts at Start of day (now, today) and ends at End of day 23:59:59', () => {
    const values = emptyTaskValues(now, ZONE);
    expect(values).toMatchObject({ startOption: 'startOfDay', startDate: '2025-03-03', endOption: 'endOfDay', endDate: '2025-03-03', closure: 'one', remindersEnabled: false, repeat: false });
    expect(startOf(values, now, ZONE)).toEqual(new Date(2025, 2, 3, 10, 10));
    expect(endOf(values, ZONE)).toEqual(new Date(2025, 2, 3, 23, 59, 59));
  });

  it('Start of day of a later date is its first minute', () => {
    expect(startOf({ startOption: 'startOfDay', startDate: '2025-03-05', startTime: '08:00' }, now, ZONE)).toEqual(new Date(2025, 2, 5, 0, 0));
  });

  it('a time of its own rounds up to the next 30-minute mark, the end one hour later', () => {
    expect(defaultStartTime(now, ZONE)).toBe('10:30');
    expect(defaultStartTime(new Date(2025, 2, 3, 10, 30), ZONE)).toBe('11:00');
    expect(defaultEnd({ startOption: 'time', startDate: '2025-03-03', startTime: '10:30' }, now, ZONE)).toEqual({ endDate: '2025-03-03', endTime: '11:30' });
    // The hour after 23:30 is the next day.
    expect(defaultEnd({ startOption: 'time', startDate: '2025-03-03', startTime: '23:30' }, now, ZONE)).toEqual({ endDate: '2025-03-04', endTime: '00:30' });
  });
});

describe('the completion rule (spec 000 §5)', () => {
  it('is offered without a checklist when group 0 holds a group, a shift type or more than one user', () => {
    expect(closureChoosable({ checklist: [], recipients: [user('u1')] })).toBe(false);
    expect(closureChoosable({ checklist: [], recipients: [user('u1'), user('u2')] })).toBe(true);
    expect(closureChoosable({ checklist: [], recipients: [{ id: 'g1', type: 'user_group' }] })).toBe(true);
    expect(closureChoosable({ checklist: [], recipients: [{ id: 's1', type: 'shift_activity_type' }] })).toBe(true);
    expect(closureChoosable({ checklist: [{ id: 'c1', text: 'Lights', is_checked: false }], recipients: [user('u1'), user('u2')] })).toBe(false);
  });

  it('is forced to one otherwise', () => {
    expect(closureOf(base({ closure: 'all' }))).toBe('one');
    expect(closureOf(base({ closure: 'all', recipients: [user('u1'), user('u2')] }))).toBe('all');
  });
});

describe('form → API', () => {
  it('a task: content with its checklist ids, group 0, {date, time, offset} of start and end, no series', () => {
    const values = base({ checklist: [{ id: 'c1', text: ' Lights on ', is_checked: false }], startOption: 'time', startTime: '11:00', endOption: 'endOfDay' });
    const body = toTaskBody(values, { timeZone: ZONE, now, templateId: 't1' });
    const offset = offsetOf(new Date(2025, 2, 3, 11, 0), ZONE);
    expect(body).toEqual({
      content: { title: { text: 'Open the shop' }, body: { text: '' }, checklist: [{ id: 'c1', title: { text: 'Lights on' }, is_checked: false, is_deleted: false }] },
      recipient_groups: [{ group_number: 0, recipients: [user('u1')] }],
      config: {
        closure_criteria: 'one',
        reminders_enabled: false,
        start: { date: '2025-03-03', time: '11:00', offset },
        end: { date: '2025-03-03', time: '23:59:59', offset },
        recurring: null,
      },
      meta: { template_id: 't1', trigger_id: null },
      save_as_template: false,
    });
  });

  it('a repeat: days in week order from the start date, the occurrence times of start and end, an optional end date', () => {
    const values = base({ repeat: true, repeatDays: ['friday', 'monday'], hasRepeatEndDate: true, repeatEndDate: '2025-03-31', startOption: 'time', startTime: '08:00', startDate: '2025-03-04', endOption: 'time', endDate: '2025-03-04', endTime: '09:00' });
    const recurring = toTaskBody(values, { timeZone: ZONE, now }).config.recurring;
    expect(recurring).toMatchObject({
      range: { start: { date: '2025-03-04' }, end: { date: '2025-03-31' } },
      occurrence_time: { start: { time: '08:00' }, end: { time: '09:00' } },
      days: ['monday', 'friday'],
    });
  });

  it("a draft keeps 'Start of day' as its date's first minute; Create Task sends the start it will have", () => {
    const values = emptyTaskValues(now, ZONE);
    const offset = offsetOf(new Date(2025, 2, 3), ZONE);
    expect(toDraftBody(values, { timeZone: ZONE, now }).config.start).toEqual({ date: '2025-03-03', time: '00:00', offset });
    expect(toDraftBody(values, { timeZone: ZONE, now, exact: true }).config.start).toEqual({ date: '2025-03-03', time: '10:10', offset });
    const saved = { ...toDraftBody(values, { timeZone: ZONE, now }), id: 'd1', created_by: 'a', created_time: '', updated_time: '' } as unknown as TaskDraftDto;
    // Read back later that day: still 'Start of day' (now), not the minute it was saved in.
    expect(draftFormValues({ ...saved, config: { ...saved.config, is_draft: true } }, new Date(2025, 2, 3, 15, 0), ZONE)).toMatchObject({ startOption: 'startOfDay', startDate: '2025-03-03', endOption: 'endOfDay' });
  });

  it('a draft keeps what is filled in; an empty date stays empty', () => {
    const body = toDraftBody({ ...emptyTaskValues(now, ZONE), startDate: '', endDate: '' }, { timeZone: ZONE, now });
    expect(body.content.title.text).toBe('');
    expect(body.config).toMatchObject({ start: null, end: null, recurring: null });
    expect(body.recipient_groups).toEqual([]);
  });
});

const dto = (patch: Partial<TaskDto> = {}): TaskDto => ({
  id: 'task-1',
  content: { title: { text: 'Close' }, body: { text: 'Tills' }, checklist: [{ id: 'c1', title: { text: 'Lock' }, is_checked: true, is_deleted: false }, { id: 'c2', title: { text: 'Gone' }, is_checked: false, is_deleted: true }] },
  recipient_groups: [{ group_number: 0, recipients: [user('u1'), user('u2')] }],
  config: { closure_criteria: 'all', reminders_enabled: true, start: { date: '2025-03-03', time: '18:00', offset: '+01:00' }, end: { date: '2025-03-03', time: '23:59:59', offset: '+01:00' }, recurring: null, is_draft: false },
  data: { status: 'scheduled', completed_at_status: null },
  meta: { is_recurring_root: false, is_recurring_child: false, recurring_root_id: null, trigger_id: null, template_id: null },
  created_by: 'admin',
  created_time: '2025-03-01T08:00:00.000Z',
  start_at: new Date(2025, 2, 3, 18, 0).toISOString(),
  end_at: new Date(2025, 2, 3, 23, 59, 59).toISOString(),
  completed_time: null,
  recipient_count: 0,
  completed_count: 0,
  declined_count: 0,
  ...patch,
});

describe('API → form', () => {
  it('an edit shows its content without deleted items, its recipients, rules and times', () => {
    const values = toFormValues(dto(), now, ZONE);
    expect(values).toMatchObject({ title: 'Close', message: 'Tills', closure: 'all', remindersEnabled: true, startOption: 'time', startDate: '2025-03-03', startTime: '18:00', endOption: 'endOfDay' });
    expect(values.checklist).toEqual([{ id: 'c1', text: 'Lock', is_checked: true }]);
    expect(values.recipients).toEqual([user('u1'), user('u2')]);
  });

  it('a copy of a task that has started starts afresh today', () => {
    const started = dto({ start_at: new Date(2025, 2, 3, 9, 0).toISOString() });
    expect(copyFormValues(started, now, ZONE)).toMatchObject({ startOption: 'startOfDay', startDate: '2025-03-03', endOption: 'endOfDay' });
    expect(copyFormValues(dto(), now, ZONE)).toMatchObject({ startOption: 'time', startTime: '18:00' });
  });

  it('a task from a template: closure one, reminders off, from now to the end of today (spec 001 §3)', () => {
    const template: TaskTemplateDto = {
      id: 'tpl',
      title: 'Opening',
      task: { content: { title: { text: 'Opening' }, body: { text: '' }, checklist: [] }, recipient_groups: [{ group_number: 0, recipients: [user('u1'), user('u2')] }], config: { closure_criteria: 'all', reminders_enabled: true } },
      created_by: 'admin',
      created_time: '2025-03-01T08:00:00.000Z',
    };
    const values = fromTemplateValues(template, now, ZONE);
    expect(values).toMatchObject({ title: 'Opening', closure: 'one', remindersEnabled: false, startOption: 'startOfDay', startDate: '2025-03-03', endOption: 'endOfDay', endDate: '2025-03-03' });
    expect(startOf(values, now, ZONE)).toEqual(now);
    const body = toTaskBody(values, { timeZone: ZONE, now, templateId: 'tpl' });
    expect(body.config).toMatchObject({ closure_criteria: 'one', reminders_enabled: false, end: { time: '23:59:59' } });
  });
});

describe('a draft → the form', () => {
  const draft = (start: string | null, end: string | null): TaskDraftDto => ({
      id: 'd1',
      content: { title: { text: 'Untitled Draft ' }, body: { text: '' }, checklist: [] },
      recipient_groups: [],
      config: { closure_criteria: 'one', reminders_enabled: false, start: start ? { date: '2025-03-03', time: start, offset: offsetOf(now, ZONE) } : null, end: end ? { date: '2025-03-03', time: end, offset: offsetOf(now, ZONE) } : null, recurring: null, is_draft: true },
      meta: { template_id: null, trigger_id: null },
      created_by: 'admin',
      created_time: '2025-03-03T08:00:00.000Z',
    updated_time: '2025-03-03T08:00:00.000Z',
  });

  it('keeps a start and end still ahead', () => {
    expect(draftFormValues(draft('12:00', '13:00'), now, ZONE)).toMatchObject({ startOption: 'time', startTime: '12:00', endOption: 'time', endTime: '13:00' });
  });

  it('takes the defaults for what is empty or has passed since it was saved', () => {
    expect(draftFormValues(draft(null, null), now, ZONE)).toMatchObject({ startOption: 'startOfDay', startDate: '2025-03-03', endOption: 'endOfDay' });
    expect(draftFormValues(draft('08:00', '23:59:59'), now, ZONE)).toMatchObject({ startOption: 'startOfDay', startDate: '2025-03-03', endOption: 'endOfDay', endDate: '2025-03-03' });
  });
});

describe('which toggles the form shows (spec 000 §5)', () => {
  it('reminders and repeat while the task is new or scheduled, not once started or as a template', () => {
    for (const mode of ['create', 'scheduled', 'recurring', 'draft'] as const) expect(showsSchedule(mode)).toBe(true);
    for (const mode of ['content', 'template'] as const) expect(showsSchedule(mode)).toBe(false);
    expect(showsRepeat('scheduled')).toBe(true);
    expect(showsRepeat('scheduled', true)).toBe(false);
    expect(showsRepeat('content')).toBe(false);
  });
});

describe("the task form in the organisation's zone, not the browser's (decision 0049)", () => {
  it("at 23:30 UTC a Berlin organisation's new task starts on Berlin's today, with Berlin's offset", () => {
    const late = new Date('2026-11-27T23:30:00Z');
    const values = { ...emptyTaskValues(late, 'Europe/Berlin'), recipients: [user('u1')] };
    expect(values).toMatchObject({ startDate: '2026-11-28', endDate: '2026-11-28', startTime: '01:00' });
    const body = toTaskBody(values, { now: late, timeZone: 'Europe/Berlin' });
    expect(body.config.start).toEqual({ date: '2026-11-28', time: '00:30', offset: '+01:00' });
    expect(body.config.end).toEqual({ date: '2026-11-28', time: '23:59:59', offset: '+01:00' });
    // West of UTC the same instant is still the 27th.
    expect(emptyTaskValues(late, 'America/New_York').startDate).toBe('2026-11-27');
  });
});
