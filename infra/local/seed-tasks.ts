import { taskTemplateSchema, type TaskTemplateInput } from '@portal/shared/tasks/task.schema';

const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];

/** A template's task: the checklist's ids are fixed per template (a task made from it copies them, kept unique in it). */
const template = (prefix: string, title: string, body: string, items: readonly string[]) => ({
  task: {
    content: {
      title: { text: title },
      body: { text: body },
      checklist: items.map((text, index) => ({ id: `${prefix}-${index + 1}`, title: { text }, is_checked: false, is_deleted: false })),
    },
    recipient_groups: everyone,
    // A task with a checklist completes by its ticks, with one shared list (decision 0028): closure one.
    config: { closure_criteria: 'one' as const, reminders_enabled: false },
  },
});

/** Work a shop does every day (titles at most 27 characters, items at most 38): the demo organisation's task templates. */
export const DEMO_TASK_TEMPLATES = [
  template('open', 'Opening checklist', 'Before the doors open.', [
    'Switch on the lights and tills',
    'Check the chilled cabinets at 7 °C max',
    'Fill the bread and pastry shelves',
    'Put out the special offer signs',
    'Unlock the entrance and trolley bay',
  ]),
  template('close', 'Closing checklist', 'After the last customer has left.', [
    'Count the tills and lock away the cash',
    'Switch off the hot counter',
    'Cover the chilled cabinets',
    'Take out the rubbish',
    'Set the alarm and lock the doors',
  ]),
  template('bottles', 'Clean the bottle return', 'The bottle return machine needs cleaning.', [
    'Empty the full crates and bags',
    'Wipe the intake and the conveyor belt',
    'Mop the floor around the machine',
    'Test the machine with one bottle',
  ]),
];

/** The templates as the API takes them: validated by the shared schema, as a POST would be. */
export const demoTaskTemplates = (): TaskTemplateInput[] => DEMO_TASK_TEMPLATES.map((t) => taskTemplateSchema.validateSync(t, { stripUnknown: true }));

/** The demo organisation's task templates on its first start, through the tasks module's template service. */
export async function seedTasks(orgId: string, userId: string): Promise<void> {
  const templates = await import('../../functions/src/tasks/templates.service.ts');
  // One after another: ULID ids keep this order as the templates' creation order.
  for (const input of demoTaskTemplates()) await templates.createTemplate(orgId, userId, input);
}
