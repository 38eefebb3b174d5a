import { describe, expect, it } from 'vitest';
import type { TaskTemplateDto } from '@portal/shared/tasks/task.schema';
import { toEditValues, toNewTemplateBody, validateEdit } from './task-template-edit.ts';

const template: TaskTemplateDto = {
  id: 'k1',
  title: 'Clean up',
  task: {
    content: {
      title: { text: 'Clean up' },
      body: { text: 'Aisle 4' },
      checklist: [
        { id: 'c1', title: { text: 'Mop' }, is_checked: false, is_deleted: false },
        { id: 'c2', title: { text: 'Old' }, is_checked: false, is_deleted: true },
        { id: 'c3', title: { text: 'Sign' }, is_checked: true, is_deleted: false },
      ],
    },
    recipient_groups: [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }],
    config: { closure_criteria: 'all', reminders_enabled: true },
  },
  created_by: 'u1',
  created_time: '2026-11-26T10:00:00.000Z',
};

describe('the in-place task template edit', () => {
  it('shows the title, message and the checklist items that are not deleted, one a line', () => {
    expect(toEditValues(template)).toEqual({ title: 'Clean up', message: 'Aisle 4', checklist: 'Mop\nSign' });
  });

  it('saves a new template with the old recipients and config, new checklist ids and no blank items', () => {
    let n = 0;
    const body = toNewTemplateBody({ title: ' Clean up now ', message: 'Aisle 5', checklist: 'Mop\n\n  Sign  \n' }, template, () => `n${++n}`);
    expect(body).toEqual({
      task: {
        content: {
          title: { text: 'Clean up now' },
          body: { text: 'Aisle 5' },
          checklist: [
            { id: 'n1', title: { text: 'Mop' }, is_checked: false, is_deleted: false },
            { id: 'n2', title: { text: 'Sign' }, is_checked: false, is_deleted: false },
          ],
        },
        recipient_groups: template.task.recipient_groups,
        config: { closure_criteria: 'all', reminders_enabled: true },
      },
    });
  });

  it('reports the shared schema’s messages on their fields', () => {
    expect(validateEdit({ title: '', message: '', checklist: '' }, template)).toEqual({ title: 'Title is required' });
    expect(validateEdit({ title: 'Fine', message: '', checklist: 'x'.repeat(39) }, template)).toEqual({ checklist: 'Checklist item must be at most 38 characters' });
    expect(validateEdit({ title: 'Fine', message: '', checklist: Array.from({ length: 21 }, (_, i) => `Item ${i}`).join('\n') }, template)).toEqual({
      checklist: 'Checklist must have at most 20 items',
    });
    expect(validateEdit({ title: '', message: 'Only a message', checklist: 'Mop' }, template)).toEqual({});
  });
});
