import { describe, expect, it } from 'vitest';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { TASK_MESSAGES } from '@portal/shared/tasks/task.schema';
import { emptyTaskValues, type TaskFormValues } from './task-form-model.ts';
import { canSubmit, CHECKLIST_TOO_LONG, NO_DAYS, validateTaskForm } from './task-validation.ts';

const now = new Date(2025, 2, 3, 10, 10);
const values = (patch: Partial<TaskFormValues> = {}): TaskFormValues => ({ ...emptyTaskValues(now), title: 'Open', recipients: [{ id: 'u1', type: 'user' }], ...patch });

describe('task form rules (spec 000 §5)', () => {
  it('a valid new task has no errors', () => {
    expect(validateTaskForm(values(), 'create', now)).toEqual({});
  });

  it("'Title is required' unless the body has text", () => {
    expect(validateTaskForm(values({ title: '' }), 'create', now).title).toBe(TASK_MESSAGES.titleRequired);
    expect(validateTaskForm(values({ title: '', message: 'Tills' }), 'create', now).title).toBeUndefined();
  });

  it("'checklist title is required' and at most 38 characters, per item", () => {
    const errors = validateTaskForm(values({ checklist: [{ id: 'a', text: ' ', is_checked: false }, { id: 'b', text: 'ok', is_checked: false }, { id: 'c', text: 'x'.repeat(39), is_checked: false }] }), 'create', now);
    expect(errors.checklist).toEqual({ 0: TASK_MESSAGES.checklistTitleRequired, 2: CHECKLIST_TOO_LONG });
  });

  it('needs a recipient', () => {
    expect(validateTaskForm(values({ recipients: [] }), 'create', now).recipients).toBe(NO_RECIPIENTS);
    expect(canSubmit(values({ recipients: [] }), 'create')).toBe(false);
    expect(canSubmit(values({ recipients: [] }), 'draft')).toBe(true);
  });

  it("'Start time must be later then current time' and 'End date must be after start date'", () => {
    expect(validateTaskForm(values({ startOption: 'time', startTime: '09:00' }), 'create', now).startDate).toBe(TASK_MESSAGES.startInPast);
    expect(validateTaskForm(values({ startOption: 'startOfDay', startDate: '2025-03-02' }), 'create', now).startDate).toBe(TASK_MESSAGES.startInPast);
    expect(validateTaskForm(values({ startOption: 'time', startTime: '12:00', endOption: 'time', endTime: '11:00' }), 'create', now).endDate).toBe(TASK_MESSAGES.endBeforeStart);
    expect(validateTaskForm(values({ endDate: '2025-03-02' }), 'create', now).endDate).toBe(TASK_MESSAGES.endBeforeStart);
  });

  it("a repeat needs a day and 'Repeat end date must be after start date'", () => {
    expect(validateTaskForm(values({ repeat: true, repeatDays: [] }), 'create', now).repeatDays).toBe(NO_DAYS);
    expect(validateTaskForm(values({ repeat: true, hasRepeatEndDate: true, repeatEndDate: '2025-03-03' }), 'create', now).repeatEndDate).toBe(TASK_MESSAGES.repeatEndBeforeStart);
    expect(validateTaskForm(values({ repeat: true, hasRepeatEndDate: true, repeatEndDate: '2025-03-10' }), 'create', now).repeatEndDate).toBeUndefined();
  });

  it('a started task checks its content only; a draft nothing; a template its content', () => {
    const past = values({ recipients: [], startOption: 'time', startTime: '08:00', title: '' });
    expect(validateTaskForm(past, 'content', now)).toEqual({ title: TASK_MESSAGES.titleRequired });
    expect(validateTaskForm(past, 'draft', now)).toEqual({});
    expect(validateTaskForm({ ...past, title: 'T' }, 'template', now)).toEqual({});
  });
});
