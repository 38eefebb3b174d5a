import { describe, expect, it } from 'vitest';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { TASK_MESSAGES } from '@portal/shared/tasks/task.schema';
import { emptyTaskValues, type TaskFormValues } from './task-form-model.ts';
import { canSubmit, CHECKLIST_TOO_LONG, NO_DAYS, validateTaskForm } from './task-validation.ts';

// The forms work in the organisation's zone; these expectations are written in the zone the tests run in.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

const now = new Date(2025, 2, 3, 10, 10);
const values = (patch: Partial<TaskFormValues> = {}): TaskFormValues => ({ ...emptyTaskValues(now, ZONE), title: 'Open', recipients: [{ id: 'u1', type: 'user' }], ...patch });

describe('task form rules (spec 000 §5)', () => {
  it('a valid new task has no errors', () => {
    expect(validateTaskForm(values(), 'create', now, ZONE)).toEqual({});
  });

  it("'Title is required' unless the body has text", () => {
    expect(validateTaskForm(values({ title: '' }), 'create', now, ZONE).title).toBe(TASK_MESSAGES.titleRequired);
    expect(validateTaskForm(values({ title: '', message: 'Tills' }), 'create', now, ZONE).title).toBeUndefined();
  });

  it("'checklist title is required' and at most 38 characters, per item", () => {
    const errors = validateTaskForm(values({ checklist: [{ id: 'a', text: ' ', is_checked: false }, { id: 'b', text: 'ok', is_checked: false }, { id: 'c', text: 'x'.repeat(39), is_checked: false }] }), 'create', now, ZONE);
    expect(errors.checklist).toEqual({ 0: TASK_MESSAGES.checklistTitleRequired, 2: CHECKLIST_TOO_LONG });
  });

  it('needs a recipient', () => {
    expect(validateTaskForm(values({ recipients: [] }), 'create', now, ZONE).recipients).toBe(NO_RECIPIENTS);
    expect(canSubmit(values({ recipients: [] }), 'create')).toBe(false);
    expect(canSubmit(values({ recipients: [] }), 'draft')).toBe(true);
  });

  it("'Start time must be later then current time' and 'End date must be after start date'", () => {
    expect(validateTaskForm(values({ startOption: 'time', startTime: '09:00' }), 'create', now, ZONE).startDate).toBe(TASK_MESSAGES.startInPast);
    expect(validateTaskForm(values({ startOption: 'startOfDay', startDate: '2025-03-02' }), 'create', now, ZONE).startDate).toBe(TASK_MESSAGES.startInPast);
    expect(validateTaskForm(values({ startOption: 'time', startTime: '12:00', endOption: 'time', endTime: '11:00' }), 'create', now, ZONE).endDate).toBe(TASK_MESSAGES.endBeforeStart);
    expect(validateTaskForm(values({ endDate: '2025-03-02' }), 'create', now, ZONE).endDate).toBe(TASK_MESSAGES.endBeforeStart);
  });

  it("a repeat needs a day and 'Repeat end date must be after start date'", () => {
    expect(validateTaskForm(values({ repeat: true, repeatDays: [] }), 'create', now, ZONE).repeatDays).toBe(NO_DAYS);
    expect(validateTaskForm(values({ repeat: true, hasRepeatEndDate: true, repeatEndDate: '2025-03-03' }), 'create', now, ZONE).repeatEndDate).toBe(TASK_MESSAGES.repeatEndBeforeStart);
    expect(validateTaskForm(values({ repeat: true, hasRepeatEndDate: true, repeatEndDate: '2025-03-10' }), 'create', now, ZONE).repeatEndDate).toBeUndefined();
  });

  it('a started task checks its content only; a draft nothing; a template its content', () => {
    const past = values({ recipients: [], startOption: 'time', startTime: '08:00', title: '' });
    expect(validateTaskForm(past, 'content', now, ZONE)).toEqual({ title: TASK_MESSAGES.titleRequired });
    expect(validateTaskForm(past, 'draft', now, ZONE)).toEqual({});
    expect(validateTaskForm({ ...past, title: 'T' }, 'template', now, ZONE)).toEqual({});
  });
});
