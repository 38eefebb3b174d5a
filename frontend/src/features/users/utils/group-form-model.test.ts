import { describe, expect, it } from 'vitest';
import type { UserGroupDto } from '@portal/shared/users/user-group.schema';
import { userGroupSchema } from '@portal/shared/users/user-group.schema';
import { sortGroups, toGroupBody, toGroupFormValues } from './group-form-model.ts';

const everyone: UserGroupDto = { id: 'everyone', name: 'Everyone', color: '#1e88e5', type: 'everyone' };
const night: UserGroupDto = { id: 'g2', name: 'Night', color: '#E53935', type: 'other', users: ['u1'] };
const alpha: UserGroupDto = { id: 'g1', name: 'Alpha', color: '#43A047', type: 'other' };

describe('user groups', () => {
  it('sorts the everyone group first, then by name', () => {
    expect(sortGroups([night, alpha, everyone]).map((g) => g.id)).toEqual(['everyone', 'g1', 'g2']);
  });

  it('sends name, colour and members; the everyone group only changes colour', () => {
    expect(toGroupBody({ name: ' Day ', color: '#E53935', users: ['u1'] })).toEqual({ name: 'Day', color: '#E53935', users: ['u1'] });
    expect(toGroupBody({ name: 'Renamed', color: '#E53935', users: ['u9'] }, everyone)).toEqual({ name: 'Everyone', color: '#E53935' });
    expect(toGroupFormValues(everyone)).toEqual({ name: 'Everyone', color: '#1E88E5', users: [] });
    expect(toGroupFormValues(night).users).toEqual(['u1']);
  });

  it('requires a name and a colour with the spec’s messages', async () => {
    // Formik hands '' to yup as undefined.
    await expect(userGroupSchema.validate({ ...toGroupFormValues(), name: undefined, color: undefined }, { abortEarly: false })).rejects.toMatchObject({
      errors: expect.arrayContaining(['Name is required', 'Color is required']),
    });
  });
});
