import {
  INPUT_ERROR,
  MAX_BODY_BYTES,
  MAX_BODY_DEPTH,
  MAX_BODY_NODES,
  MAX_PATH_PARAM_LENGTH,
  MAX_QUERY_KEYS,
  MAX_QUERY_VALUE_LENGTH,
} from '@portal/shared/api/limits';

/** Why a request was refused before any schema ran: a status and one of the stable input errors. */
export interface InputRefusal {
  status: 400 | 413;
  error: (typeof INPUT_ERROR)[keyof typeof INPUT_ERROR];
  field?: string;
}

/**
 * Keys that name a property every plain object inherits (`constructor`, `toString`,
 * `hasOwnProperty`, `__proto__`, ...) or `prototype`. Validation libraries and spreads look such
 * keys up on objects and find the inherited function instead of a field, so they are refused.
 */
const FORBIDDEN_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

export const isForbiddenKey = (key: string) => FORBIDDEN_KEYS.has(key);

/** The byte length of a raw body, or the refusal when it is over the limit (a raw-body route's own is smaller). */
export function checkBodySize(raw: string, isBase64: boolean, limit: number = MAX_BODY_BYTES): InputRefusal | undefined {
  const bytes = isBase64 ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw, 'utf8');
  return bytes > limit ? { status: 413, error: INPUT_ERROR.tooLarge } : undefined;
}

/**
 * Walks a parsed JSON body without recursion (a 10,000-level body must not blow the stack) and
 * refuses excessive depth, too many values and forbidden keys.
 */
export function checkBodyShape(body: unknown): InputRefusal | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string }> = [{ value: body, depth: 0, path: '' }];
  let nodes = 0;
  while (stack.length) {
    const { value, depth, path } = stack.pop()!;
    if (++nodes > MAX_BODY_NODES) return { status: 400, error: INPUT_ERROR.tooMany };
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return { status: 400, error: INPUT_ERROR.tooDeep };
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, depth: depth + 1, path: `${path}[${index}]` }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const field = path ? `${path}.${key}` : key;
      if (isForbiddenKey(key)) return { status: 400, error: INPUT_ERROR.forbiddenKey, field };
      stack.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1, path: field });
    }
  }
  return undefined;
}

/** Query strings: a bounded number of keys, no forbidden key, no oversized key or value. */
export function checkQuery(query: Record<string, string | undefined> | undefined): InputRefusal | undefined {
  const entries = Object.entries(query ?? {});
  if (entries.length > MAX_QUERY_KEYS) return { status: 400, error: INPUT_ERROR.badQuery };
  for (const [key, value] of entries) {
    if (isForbiddenKey(key)) return { status: 400, error: INPUT_ERROR.forbiddenKey, field: key };
    if (key.length > 64 || (value ?? '').length > MAX_QUERY_VALUE_LENGTH) return { status: 400, error: INPUT_ERROR.badQuery, field: key.slice(0, 64) };
  }
  return undefined;
}

/** Path parameters are ids: short enough to be a DynamoDB key part, never empty. */
export function checkPathParameters(params: Record<string, string | undefined> | undefined): InputRefusal | undefined {
  for (const [key, value] of Object.entries(params ?? {})) {
    if (!value || value.length > MAX_PATH_PARAM_LENGTH) return { status: 400, error: INPUT_ERROR.badPath, field: key };
  }
  return undefined;
}
