import { setLocale } from 'yup';

/**
 * The product's wording for every rule a schema states without its own message, so that no
 * answer ever carries yup's defaults ("must be a `number` type, but the final value was: `NaN`").
 * Imported by shared/src/validation/fields.ts, which every schema imports, so it runs before any
 * schema is built (yup reads the locale when a rule is declared).
 */
setLocale({
  mixed: {
    default: '${path} is invalid',
    required: '${path} is required',
    defined: '${path} is required',
    notNull: '${path} is required',
    oneOf: '${path} must be one of the allowed values',
    notOneOf: '${path} is not allowed',
    notType: '${path} has the wrong type',
  },
  string: {
    length: '${path} must be exactly ${length} characters',
    min: '${path} must be at least ${min} characters',
    max: '${path} must be at most ${max} characters',
    matches: '${path} has the wrong format',
    email: 'Invalid email address',
    url: '${path} must be a valid URL',
    uuid: '${path} must be a valid id',
    trim: '${path} must not start or end with spaces',
    lowercase: '${path} must be lowercase',
    uppercase: '${path} must be uppercase',
  },
  number: {
    min: '${path} must be at least ${min}',
    max: '${path} must be at most ${max}',
    lessThan: '${path} must be less than ${less}',
    moreThan: '${path} must be more than ${more}',
    positive: '${path} must be a positive number',
    negative: '${path} must be a negative number',
    integer: '${path} must be a whole number',
  },
  date: { min: '${path} is too early', max: '${path} is too late' },
  boolean: { isValue: '${path} must be ${value}' },
  object: { noUnknown: '${path} has an unknown field: ${unknown}' },
  array: {
    min: '${path} must have at least ${min} items',
    max: '${path} must have at most ${max} items',
    length: '${path} must have ${length} items',
  },
});
