import { createError } from '../platform/http/errors.ts';

/**
 * A page token is an ElectroDB cursor (base64url JSON of the last key). One is accepted only when
 * its partition key is the one being queried, so a token can never lead into another tenant's
 * rows or another list.
 */
export function checkedCursor(token: string | undefined, field: 'pk' | 'gsi1pk', expected: string): string | undefined {
  if (!token) return undefined;
  try {
    const key = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (key[field] === expected) return token;
  } catch {
    // falls through to the 400
  }
  throw createError(400, 'Invalid page token', { expose: true });
}
