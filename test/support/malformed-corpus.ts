import type { AnySchema, ArraySchema, ObjectSchema, SchemaDescription } from 'yup';
import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from '@portal/shared/api/limits';

/**
 * Malformed requests for the route-table-wide input walk: bodies that are broken whatever the
 * route (generic), and bodies that break one field of a valid body at a time (derived from the
 * route's schema). A case is a name and the raw text sent.
 */
export interface MalformedCase {
  name: string;
  body: string;
}

const json = (value: unknown) => JSON.stringify(value);
const nestedArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const nestedObjects = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
/** `base` with one more key, spelled in the raw text so that `__proto__` stays a key. */
const withKey = (base: Record<string, unknown>, key: string, value: unknown) => {
  const text = json(base);
  return text === '{}' ? `{${json(key)}:${json(value)}}` : `{${json(key)}:${json(value)},${text.slice(1)}`;
};

export const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', '__defineGetter__'];

/** Broken whatever the route: not JSON, not an object, too deep, too large, forbidden keys. */
export function genericCases(base: Record<string, unknown>): MalformedCase[] {
  return [
    { name: 'truncated JSON', body: '{' },
    { name: 'unterminated value', body: '{"a":' },
    { name: 'single quotes', body: "{'a':1}" },
    { name: 'trailing comma', body: '{"a":1,}' },
    { name: 'bare word', body: 'hello' },
    { name: 'null', body: 'null' },
    { name: 'array', body: '[]' },
    { name: 'array of objects', body: '[{}]' },
    { name: 'string', body: '"text"' },
    { name: 'number', body: '42' },
    { name: 'boolean', body: 'true' },
    { name: '10,000 nested arrays', body: nestedArrays(10_000) },
    { name: 'objects nested past the limit', body: nestedObjects(MAX_BODY_DEPTH + 2) },
    { name: 'body over the size limit', body: withKey(base, 'padding', 'x'.repeat(MAX_BODY_BYTES + 1)) },
    { name: '60,000 values', body: withKey(base, 'values', Array.from({ length: 60_000 }, () => 1)) },
    ...FORBIDDEN_KEYS.map((key) => ({ name: `key ${key}`, body: withKey(base, key, { polluted: true }) })),
    { name: 'forbidden key nested', body: withKey(base, 'extra', { constructor: { prototype: { polluted: true } } }) },
    { name: 'forbidden key in a list', body: withKey(base, 'extra', [JSON.parse('{"__proto__":1}')]) },
  ];
}

interface Leaf {
  path: string[];
  schema: AnySchema;
}

/** Every field of the schema, with its path; list items are reached through index 0. */
function leaves(schema: AnySchema, value: unknown, path: string[] = []): Leaf[] {
  const resolved = schema.resolve({ value, context: {} }) as AnySchema;
  const own: Leaf[] = path.length ? [{ path, schema: resolved }] : [];
  if (resolved.type === 'object') {
    const fields = (resolved as ObjectSchema<Record<string, unknown>>).fields as Record<string, AnySchema>;
    const record = (value ?? {}) as Record<string, unknown>;
    return [...own, ...Object.entries(fields).flatMap(([key, field]) => leaves(field, record[key], [...path, key]))];
  }
  if (resolved.type === 'array' && Array.isArray(value) && value.length) {
    const inner = (resolved as ArraySchema<unknown[], object>).innerType as AnySchema | undefined;
    return [...own, ...(inner ? leaves(inner, value[0], [...path, '0']) : [])];
  }
  return own;
}

function setPath(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let cursor = copy;
  for (const key of path.slice(0, -1)) {
    cursor[key] ??= {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  cursor[path.at(-1)!] = value;
  return copy;
}

const testNames = (description: SchemaDescription) => description.tests.map((t) => t.name);
const maxOf = (description: SchemaDescription) => Number(description.tests.find((t) => t.name === 'max')?.params?.max ?? 0);

/** Values no field of this kind may take. */
function badValues(schema: AnySchema, current: unknown): unknown[] {
  const description = schema.describe() as SchemaDescription;
  const nullable = description.nullable;
  const values: unknown[] = nullable ? [] : [null];
  switch (schema.type) {
    case 'string': {
      values.push(['a'], { a: 1 }, [], {}, 12_345, 0, true, 'x'.repeat(Math.max(maxOf(description), 64) + 1));
      if (testNames(description).includes('calendar-date')) values.push('2027-02-30', '2027-13-45', '9999-12-31', '27-1-1');
      if (testNames(description).includes('utc-offset')) values.push('-23:59', '+15:00', '01:00');
      if (testNames(description).includes('iso-week')) values.push('2025-W53', '2026-W00', '2026-53', '2026-W5');
      return values;
    }
    case 'number':
      return [...values, '3', 1e308, -1e308, true, [1], { n: 1 }];
    case 'boolean':
      return [...values, 'true', 1, [true], { b: true }];
    case 'array': {
      const item = Array.isArray(current) && current.length ? current[0] : 'x';
      return [...values, 'x', { a: 1 }, 7, [null], Array.from({ length: maxOf(description) + 1 }, () => item)];
    }
    case 'object':
      return [...values, 'x', [], 5, true];
    default:
      return description.oneOf.length ? ['not-a-choice', ['x'], { x: 1 }, 12_345, true] : ['x', [1], [], 5, 0, true, ''];
  }
}

/** A route without a body schema takes no body: any field at all is malformed there. */
function unexpectedBodies(): MalformedCase[] {
  const values: unknown[] = ['x', 1, 0, true, false, null, [], {}, ['a'], { a: 1 }, 'x'.repeat(5_000)];
  return ['name', 'id', 'user_id'].flatMap((key) => values.map((value) => ({ name: `unexpected ${key}=${json(value)?.slice(0, 20)}`, body: json({ [key]: value }) })));
}

/** One case per bad value per field of the body schema, each on an otherwise valid body. */
export function fieldCases(schema: AnySchema | undefined, base: Record<string, unknown>): MalformedCase[] {
  if (!schema) return unexpectedBodies();
  return leaves(schema, base).flatMap(({ path, schema: field }) => {
    let current: unknown = base;
    for (const key of path) current = (current as Record<string, unknown> | undefined)?.[key];
    return badValues(field, current).map((value, index) => ({
      name: `${path.join('.')} #${index + 1} ${json(value)?.slice(0, 40)}`,
      body: json(setPath(base, path, value)),
    }));
  });
}

/** Query strings no route accepts: forbidden keys, oversized keys and values, too many keys. */
export function genericQueries(): string[] {
  return [
    ...FORBIDDEN_KEYS.map((key) => `${encodeURIComponent(key)}=1`),
    `filter=${'x'.repeat(3_000)}`,
    `${'k'.repeat(100)}=1`,
    Array.from({ length: 25 }, (_, i) => `k${i}=v`).join('&'),
  ];
}

/** Bad values for the route's own query fields (limit=abc, tab=bogus, ...). */
export function fieldQueries(schema: AnySchema | undefined): string[] {
  if (!schema) return [];
  const fields = (schema as ObjectSchema<Record<string, unknown>>).fields as Record<string, AnySchema>;
  return Object.entries(fields).flatMap(([key, field]) => {
    const description = field.describe() as SchemaDescription;
    const values =
      field.type === 'number' || key === 'limit'
        ? ['abc', '1e308', '-5', '99999']
        : description.oneOf.length
          ? ['bogus']
          : ['x'.repeat(Math.max(maxOf(description), 64) + 1)];
    return values.map((value) => `${key}=${encodeURIComponent(value)}`);
  });
}
