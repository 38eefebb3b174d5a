import { describe, expect, it } from 'vitest';
import { CHECKLIST_ITEM_TEXT_MAX, LANGUAGES } from '@portal/shared/constants';
import { NO_RECIPIENTS } from '@portal/shared/recipients/recipient.schema';
import { TASK_MESSAGES } from '@portal/shared/tasks/task.schema';
import { resources } from '../../../lib/i18n-resources.ts';
import { emptyTaskValues } from '../utils/task-form-model.ts';
import { NO_DAYS, validateTaskForm } from '../utils/task-validation.ts';

// The forms work in the organisation's zone; these expectations are written in the zone the tests run in.
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const locale = (language: string) => resources[language]?.tasks as unknown as Tree;

describe('tasks locale', () => {
  it('uses the spec’s wording', () => {
    const en = locale('en');
    expect(en.tabs).toEqual({ today: 'Today', scheduled: 'Scheduled', completed: 'Completed', all: 'All', drafts: 'Drafts', templates: 'Templates' });
    expect(en.form).toMatchObject({ createTitle: 'New Task', startOfDay: 'Start of day', endOfDay: 'End of day', create: 'Create Task' });
    expect(en.confirm).toMatchObject({
      completeQuestion: 'Do you really wish to complete this task?',
      undoQuestion: 'Do you really wish to uncomplete this task?',
      undoTitle: 'THIS IS A COMPLETED TASK',
      justThisOne: 'Just this one',
      allOccurrences: 'All Occurrences',
    });
  });

  it('has the same keys in English and German', () => {
    expect(keys(locale('de')).sort()).toEqual(keys(locale('en')).sort());
  });

  it('translates every message the form can show', () => {
    const now = new Date(2025, 2, 3, 10, 0);
    const shown = new Set<string>([NO_RECIPIENTS, NO_DAYS, TASK_MESSAGES.repeatEndRequired]);
    const base = emptyTaskValues(now, ZONE);
    const cases = [
      { ...base, title: 'x'.repeat(28), message: 'y'.repeat(108), checklist: [{ id: 'a', text: '', is_checked: false }, { id: 'b', text: 'z'.repeat(CHECKLIST_ITEM_TEXT_MAX + 1), is_checked: false }] },
      { ...base, startOption: 'time' as const, startTime: '09:00', endDate: '2025-03-02', repeat: true, hasRepeatEndDate: true, repeatEndDate: '2025-03-01' },
      { ...base, startDate: '', endDate: '' },
    ];
    for (const values of cases) {
      const errors = validateTaskForm(values, 'create', now, ZONE);
      for (const [field, error] of Object.entries(errors)) {
        if (field === 'checklist') Object.values(error as Record<number, string>).forEach((text) => shown.add(text));
        else shown.add(error as string);
      }
    }
    for (const language of LANGUAGES) {
      const validation = locale(language).validation as Record<string, string>;
      for (const text of shown) expect(validation[text], `${language}: ${text}`).toBeTruthy();
    }
  });
});
