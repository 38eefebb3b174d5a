import type { AnySchema, ArraySchema, ObjectSchema, Schema } from 'yup';
import { INPUT_ERROR } from '@portal/shared/api/limits';

/**
 * The type check that runs before yup's transforms. yup casts first (so `.trim()` meets an array
 * and throws, and a `number()` meets "abc" and answers "must be a `number` type, but the final
 * value was: `NaN`"); walking the schema here refuses a wrong type with the product's message
 * before any transform sees it. In a query every value is a string, so numbers and booleans there
 * are checked as their text forms.
 */
export type InputSource = 'body' | 'query' | 'params';

export interface TypeFault {
  path: string;
  message: string;
}

const KIND_TEXT: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  date: 'a date',
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasType(type: string, value: unknown, source: InputSource): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      if (source === 'query') return typeof value === 'string' && /^-?\d{1,15}(\.\d{1,6})?$/.test(value);
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return source === 'query' ? value === 'true' || value === 'false' : typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'date':
      return typeof value === 'string';
    default:
      // mixed: oneOf lists and free-form settings check their own values with their own tests.
      return true;
  }
}

export const wrongTypeMessage = (path: string, type: string) => `${path || 'The body'} must be ${KIND_TEXT[type] ?? 'a single value'}`;

/** The first type fault in `value` against `schema`, or undefined. Null and absent values are left to yup. */
export function findTypeFault(schema: Schema | undefined, value: unknown, source: InputSource, path = '', parent?: unknown): TypeFault | undefined {
  if (!schema || value === undefined) return undefined;
  const resolved = (schema as AnySchema).resolve({ value, parent, context: {} }) as AnySchema;
  if (value === null) {
    return resolved.spec.nullable ? undefined : { path, message: `${path || 'The body'} must not be null` };
  }
  if (!hasType(resolved.type, value, source)) return { path, message: wrongTypeMessage(path, resolved.type) };
  if (resolved.type === 'object') {
    const fields = (resolved as ObjectSchema<Record<string, unknown>>).fields as Record<string, Schema>;
    for (const [key, field] of Object.entries(fields)) {
      const fault = findTypeFault(field, (value as Record<string, unknown>)[key], source, path ? `${path}.${key}` : key, value);
      if (fault) return fault;
    }
  }
  if (resolved.type === 'array') {
    const inner = (resolved as ArraySchema<unknown[], object>).innerType as Schema | undefined;
    const items = value as unknown[];
    for (let index = 0; inner && index < items.length; index++) {
      const fault = findTypeFault(inner, items[index], source, `${path}[${index}]`, value);
      if (fault) return fault;
    }
  }
  return undefined;
}

export const TYPE_FAULT_CODE = INPUT_ERROR.invalid.code;
