// Placeholder until helper A1 lands the trigger routes (replaced, never committed as is).
export const triggerRoutes = {} as Record<
  | 'listTriggers' | 'createTrigger' | 'getTrigger' | 'updateTrigger' | 'deleteTrigger' | 'rotateTriggerSecret' | 'listTriggerFirings'
  | 'listTriggerGroups' | 'createTriggerGroup' | 'getTriggerGroup' | 'updateTriggerGroup' | 'deleteTriggerGroup'
  | 'getAutomationSettings' | 'updateAutomationSettings' | 'listTriggerNames',
  never
>;
