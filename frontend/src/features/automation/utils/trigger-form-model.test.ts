import { describe, expect, it } from 'vitest';
import { triggerSchema, type TriggerDto } from '@portal/shared/automation/automation.schema';
import { hasTemplate, replaceWorkflowId, THROTTLE_CHOICES, toTriggerBody, toTriggerFormValues, TRIGGER_TYPES, workflowKey } from './trigger-form-model.ts';

const trigger: TriggerDto = {
  id: 't1',
  name: 'Help at bottle return',
  type: 'flic-button',
  workflows: [
    { id: 'a1', type: 'action-template' },
    { id: 'k1', type: 'task-template' },
  ],
  metadata: { is_external: true },
  is_throttling_enabled: true,
  throttle_duration_in_seconds: 30,
  webhook: { path: '/api/hooks/o1/t1', secret_hint: 'abcd', secret_created_at: '2026-11-26T10:00:00.000Z' },
  created_by: 'u1',
  created_time: '2026-11-26T10:00:00.000Z',
  updated_time: '2026-11-26T10:00:00.000Z',
};

describe('the trigger form', () => {
  it('starts a new trigger with the organisation’s throttle defaults, type general and an empty workflow', () => {
    expect(toTriggerFormValues(undefined, { throttle_enabled: true, throttle_threshold: 15 })).toEqual({
      name: '',
      type: 'general',
      workflows: [],
      metadata: { is_external: false },
      is_throttling_enabled: true,
      throttle_duration_in_seconds: 15,
    });
  });

  it('edits a trigger as stored and sends it back in the API’s shape, the name trimmed', () => {
    const values = toTriggerFormValues(trigger, { throttle_enabled: false, throttle_threshold: 0 });
    expect(values.workflows).toEqual(trigger.workflows);
    expect(toTriggerBody({ ...values, name: '  Bottles  ' })).toEqual({
      name: 'Bottles',
      type: 'flic-button',
      workflows: [
        { id: 'a1', type: 'action-template' },
        { id: 'k1', type: 'task-template' },
      ],
      metadata: { is_external: true },
      is_throttling_enabled: true,
      throttle_duration_in_seconds: 30,
    });
  });

  it('offers the 8 source types and every second from 0 to 60', () => {
    expect(TRIGGER_TYPES).toHaveLength(8);
    expect(THROTTLE_CHOICES).toHaveLength(61);
    expect([THROTTLE_CHOICES[0], THROTTLE_CHOICES.at(-1)]).toEqual([0, 60]);
  });

  it('replaces an edited task template’s id at its place in the workflow', () => {
    const workflows = replaceWorkflowId(trigger.workflows, 1, 'k2');
    expect(workflows).toEqual([
      { id: 'a1', type: 'action-template' },
      { id: 'k2', type: 'task-template' },
    ]);
    expect(trigger.workflows[1]!.id).toBe('k1');
    expect(hasTemplate(workflows, 'task-template', 'k2')).toBe(true);
    expect(hasTemplate(workflows, 'action-template', 'k2')).toBe(false);
    expect(workflowKey(workflows[0]!)).toBe('action-template:a1');
  });

  it('is validated by the shared schema with the spec’s messages', async () => {
    // Formik hands '' to yup as undefined.
    const values = { ...toTriggerFormValues(undefined, { throttle_enabled: false, throttle_threshold: 0 }), name: undefined };
    await expect(triggerSchema.validate(values)).rejects.toMatchObject({ errors: ['name is required'] });
    await expect(triggerSchema.validate({ ...values, name: 'x', throttle_duration_in_seconds: 61 })).rejects.toMatchObject({
      errors: ['Min. Time Between Pushes must be 0 to 60 seconds'],
    });
  });
});
