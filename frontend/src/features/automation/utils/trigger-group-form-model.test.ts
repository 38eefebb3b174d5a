import { describe, expect, it } from 'vitest';
import { triggerGroupSchema, type TriggerDto, type TriggerGroupDto } from '@portal/shared/automation/automation.schema';
import { addableTriggers, GROUP_TYPES, sortByName, toGroupBody, toGroupFormValues } from './trigger-group-form-model.ts';

const group: TriggerGroupDto = {
  id: 'g1',
  name: 'Kiosk',
  description: 'Bottle return',
  type: 'kiosk-app',
  trigger_ids: ['t2', 't1'],
  created_by: 'u1',
  created_time: '2026-11-26T10:00:00.000Z',
  updated_time: '2026-11-26T10:00:00.000Z',
};
const triggerNamed = (id: string, name: string) => ({ id, name }) as TriggerDto;

describe('the trigger group form', () => {
  it('starts empty as a general group and keeps a group’s triggers in their order', () => {
    expect(toGroupFormValues()).toEqual({ name: '', description: '', type: 'general', trigger_ids: [] });
    expect(toGroupFormValues(group).trigger_ids).toEqual(['t2', 't1']);
    expect(toGroupBody({ ...toGroupFormValues(group), name: ' Kiosk 2 ', description: ' Till ' })).toEqual({
      name: 'Kiosk 2',
      description: 'Till',
      type: 'kiosk-app',
      trigger_ids: ['t2', 't1'],
    });
    expect(GROUP_TYPES).toEqual(['kiosk-app', 'user-app', 'integration', 'general']);
  });

  it('offers the triggers not yet in the group, by name', () => {
    const triggers = [triggerNamed('t1', 'Spill'), triggerNamed('t2', 'bottles'), triggerNamed('t3', 'Alarm')];
    expect(addableTriggers(triggers, ['t1']).map((t) => t.id)).toEqual(['t3', 't2']);
    expect(sortByName(triggers).map((t) => t.name)).toEqual(['Alarm', 'bottles', 'Spill']);
  });

  it('requires a name and a description with the spec’s messages', async () => {
    await expect(triggerGroupSchema.validate({ ...toGroupFormValues(), name: undefined, description: undefined }, { abortEarly: false })).rejects.toMatchObject({
      errors: expect.arrayContaining(['name is required', 'description is required']),
    });
  });
});
