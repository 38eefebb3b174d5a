import { ID_MAX } from './limits.ts';

/**
 * The one rule for an id a body, a path or a device message names (decision 0050): non-empty text
 * of at most ID_MAX characters without '#'. Ids become DynamoDB key parts, where '#' separates the
 * parts (`TASK#{id}`), so an id with '#' could read as another key. The schemas' `id()`
 * (validation/fields.ts), the device message parsers the watch and the portal share
 * (devices/*-messages.ts) and the tenancy check of referenced ids all apply this, so whatever the
 * API stores and sends, every consumer accepts. No yup here: the watch's parsers load without it.
 */
export const ID_KEY_SEPARATOR = '#';

export function isWellFormedId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= ID_MAX && !value.includes(ID_KEY_SEPARATOR);
}

/** The field message for an id with the key separator, e.g. 'Checklist item id must not contain #'. */
export const idSeparatorMessage = (label: string) => `${label} must not contain ${ID_KEY_SEPARATOR}`;
