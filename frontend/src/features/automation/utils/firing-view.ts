import { WORKFLOW_ITEM_TYPES, type FiringCreatedItem, type WorkflowItemType } from '@portal/shared/automation/automation.schema';

/** What a firing created, counted per kind in the workflow kinds' order: [['action-template', 1], ['task-template', 2]]. */
export function createdCounts(created: readonly FiringCreatedItem[]): Array<[WorkflowItemType, number]> {
  return WORKFLOW_ITEM_TYPES.map((type): [WorkflowItemType, number] => [type, created.filter((item) => item.type === type).length]).filter(([, count]) => count > 0);
}
