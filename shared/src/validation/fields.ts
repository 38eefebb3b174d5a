import './locale.ts';
import { array, string, type AnySchema } from 'yup';
import { serverMessage } from '../api/server-messages.ts';
import { ID_KEY_SEPARATOR, idSeparatorMessage } from './id-rule.ts';
import { isCalendarDate } from './calendar-date.ts';
import { ID_MAX } from './limits.ts';

/**
 * Field builders with the limits every API field needs (docs/security.md, "Limits on input"):
 * ids short enough to be key parts, text with a length, lists with a size, real calendar dates.
 * A unit test walks every route's schemas and fails on a string, number or list without a limit.
 */
export { EMAIL_MAX, ID_MAX, PAGE_TOKEN_MAX, PASSWORD_MAX, SHORT_TEXT_MAX, URL_MAX, YEAR_RANGE } from './limits.ts';

export const INVALID_DATE = serverMessage('fields.invalidDate', 'Date must be a real date (YYYY-MM-DD)');
export const INVALID_OFFSET = serverMessage('fields.invalidOffset', 'Offset must be like +01:00, between -12:00 and +14:00');

/**
 * An id from the path or a body, by the one id rule (validation/id-rule.ts), each part with its own
 * message: at most ID_MAX characters, no '#', and non-empty by `.required()` (an optional id clears
 * to null its own way).
 */
export const id = (label = 'Id') =>
  string()
    .max(ID_MAX, `${label} must be at most ${ID_MAX} characters`)
    .test('id-separator', idSeparatorMessage(label), (value) => typeof value !== 'string' || !value.includes(ID_KEY_SEPARATOR));

/** Text with a maximum length and the product's message. */
export const text = (max: number, label: string) => string().max(max, `${label} must be at most ${max} characters`);

/** A list with a maximum size. */
export const list = <T extends AnySchema>(item: T, max: number, label: string) => array(item).max(max, `${label} must have at most ${max} items`);

export { isCalendarDate } from './calendar-date.ts';

/** YYYY-MM-DD, a real date within YEAR_RANGE. */
export const calendarDate = (message = INVALID_DATE) =>
  string()
    .max(10, message)
    .test('calendar-date', message, (value) => value === undefined || value === null || isCalendarDate(value));

const OFFSET = /^[+-](\d{2}):([0-5]\d)$/;

/** A UTC offset as entered with a date: -12:00 to +14:00, the offsets that exist. */
export function isUtcOffset(value: string): boolean {
  const match = OFFSET.exec(value);
  if (!match) return false;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return value.startsWith('-') ? minutes <= 12 * 60 : minutes <= 14 * 60;
}

export const utcOffset = (message = INVALID_OFFSET) =>
  string()
    .max(6, message)
    .test('utc-offset', message, (value) => value === undefined || value === null || isUtcOffset(value));
