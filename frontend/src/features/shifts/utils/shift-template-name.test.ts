import { describe, expect, it } from 'vitest';
import { SHIFT_MESSAGES, TEMPLATE_NAME_MAX } from '@portal/shared/shifts/shift.schema';
import { shiftTemplateNameError } from './shift-template-name.ts';

describe('template name', () => {
  it('asks for a name of at most 50 characters, with the server’s messages', () => {
    expect(shiftTemplateNameError('')).toBe(SHIFT_MESSAGES.nameRequired);
    expect(shiftTemplateNameError('   ')).toBe(SHIFT_MESSAGES.nameRequired);
    expect(shiftTemplateNameError('x'.repeat(TEMPLATE_NAME_MAX + 1))).toBe('Name must be at most 50 characters');
    expect(shiftTemplateNameError('x'.repeat(TEMPLATE_NAME_MAX))).toBeUndefined();
    expect(shiftTemplateNameError('Standard week')).toBeUndefined();
  });
});
