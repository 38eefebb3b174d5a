import { actionTemplateSchema } from '@portal/shared/actions/action.schema';
import { RESPONSE_THRESHOLD_TYPES } from '@portal/shared/constants';

const everyone = [{ group_number: 0, recipients: [{ id: 'everyone', type: 'everyone' }] }];
const content = (title: string, body: string) => ({ title: { text: title }, body: { text: body } });

/** Requests a shop sends its staff many times a day: the demo organisation's action templates. */
export const DEMO_ACTION_TEMPLATES = [
  {
    action: {
      content: content('Cashier needed at till 3', 'The queue is getting long. Who can open till 3?'),
      recipient_groups: everyone,
      config: { forward_after: 30, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any } },
    },
  },
  {
    action: {
      content: content('Help at the bottle return', 'The bottle return machine is full and needs emptying.'),
      recipient_groups: everyone,
      config: { forward_after: 60, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any } },
    },
  },
  {
    action: {
      content: content('Unload the delivery truck', 'The delivery is at the back door. We need two people.'),
      recipient_groups: everyone,
      config: {
        forward_after: 120,
        response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Number, number: 2 },
        send_feedback: true,
        acceptance_feedback: true,
        acceptance_feedback_content: 'Two colleagues are on their way to the truck. Thank you!',
        rejection_feedback: true,
        rejection_feedback_content: 'Nobody is free for the truck. Please call the store manager.',
      },
    },
  },
  {
    action: {
      content: content('Spill in aisle 5', 'Something broke in aisle 5. Who can clean it up?'),
      recipient_groups: everyone,
      config: { forward_after: 30, response_threshold: { type: RESPONSE_THRESHOLD_TYPES.Any } },
    },
  },
];

/**
 * The demo organisation's actions on its first start: the templates above and the time-out
 * settings (the defaults, saved), through the same services the API uses. Answers each template's
 * id by its title (the demo's triggers run some of them).
 */
export async function seedActions(orgId: string, userId: string): Promise<Map<string, string>> {
  const [templates, { replaceSettings }, { actionSettings, DEFAULT_ACTION_SETTINGS }] = await Promise.all([
    import('../../functions/src/actions/templates.service.ts'),
    import('../../functions/src/audit/public.ts'),
    import('../../functions/src/actions/action-settings.entity.ts'),
  ]);
  await replaceSettings(orgId, { userId }, 'actions', actionSettings, DEFAULT_ACTION_SETTINGS);
  // One after another: ULID ids keep this order as the templates' creation order.
  const ids = new Map<string, string>();
  for (const template of DEMO_ACTION_TEMPLATES) {
    const created = await templates.createTemplate(orgId, userId, actionTemplateSchema.validateSync(template));
    ids.set(template.action.content.title.text, created.id);
  }
  return ids;
}
