import { ValidationError } from 'yup';
import { shiftTemplateSchema } from '@portal/shared/shifts/shift.schema';

/** The server's rule for a template's name (shift.schema.ts), checked before saving: its message, or undefined. */
export function shiftTemplateNameError(name: string): string | undefined {
  try {
    shiftTemplateSchema.validateSyncAt('name', { name });
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}
