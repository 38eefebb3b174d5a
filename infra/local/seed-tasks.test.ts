import { describe, expect, it } from 'vitest';
import { CHECKLIST_ITEM_TEXT_MAX, NOTIFICATION_TITLE_MAX } from '@portal/shared/constants';
import { CHECKLIST_ITEMS_MAX, taskTemplateSchema } from '@portal/shared/tasks/task.schema';
import { DEMO_TASK_TEMPLATES, demoTaskTemplates } from './seed-tasks.ts';

describe('the demo organisation’s task templates', () => {
  it('are a shop’s opening checklist, closing checklist and bottle-return cleaning', () => {
    expect(DEMO_TASK_TEMPLATES.map((t) => t.task.content.title.text)).toEqual(['Opening checklist', 'Closing checklist', 'Clean the bottle return']);
  });

  it('pass the shared template schema unchanged (strict: nothing defaulted, cast or trimmed)', () => {
    for (const template of DEMO_TASK_TEMPLATES) {
      expect(taskTemplateSchema.isValidSync(template, { strict: true })).toBe(true);
      expect(taskTemplateSchema.validateSync(template, { stripUnknown: true })).toEqual(template);
    }
    expect(demoTaskTemplates()).toEqual(DEMO_TASK_TEMPLATES);
  });

  it('keep to the watch’s limits: titles, checklist items and their number; unique item ids', () => {
    for (const { task } of DEMO_TASK_TEMPLATES) {
      expect(task.content.title.text.length).toBeLessThanOrEqual(NOTIFICATION_TITLE_MAX);
      expect(task.content.checklist.length).toBeGreaterThan(0);
      expect(task.content.checklist.length).toBeLessThanOrEqual(CHECKLIST_ITEMS_MAX);
      for (const item of task.content.checklist) expect(item.title.text.length, item.title.text).toBeLessThanOrEqual(CHECKLIST_ITEM_TEXT_MAX);
      expect(new Set(task.content.checklist.map((i) => i.id)).size).toBe(task.content.checklist.length);
      expect(task.config.closure_criteria).toBe('one');
    }
    const ids = DEMO_TASK_TEMPLATES.flatMap((t) => t.task.content.checklist.map((i) => i.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
