import { AUTOMATION_MESSAGES, type WorkflowItem, type WorkflowItemType } from '@portal/shared/automation/automation.schema';
import { assertOwnedIds, type OwnedKind } from '../platform/tenancy/owned-ids.ts';

const TEMPLATE_KIND: Record<WorkflowItemType, OwnedKind> = {
  'notification-template': 'notificationTemplate',
  'action-template': 'actionTemplate',
  'task-template': 'taskTemplate',
};

/**
 * Every workflow item names a template of its type that the organisation has (docs/security.md,
 * "Ids in request bodies"): one BatchGetItem for the whole workflow, a 400 on the first item that
 * is missing, another organisation's, or a template of another type, on `workflows[i].id` as the
 * schema's own refusals name it.
 */
export async function assertWorkflowTemplates(orgId: string, workflows: readonly WorkflowItem[]): Promise<void> {
  await assertOwnedIds(
    orgId,
    workflows.map((item, i) => ({ field: `workflows[${i}].id`, kind: TEMPLATE_KIND[item.type], ids: [item.id], message: AUTOMATION_MESSAGES.workflowTemplateNotFound })),
  );
}
