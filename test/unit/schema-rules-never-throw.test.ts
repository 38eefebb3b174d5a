import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { object, string, type AnySchema, type ArraySchema, type ObjectSchema, type Schema, type SchemaDescription } from 'yup';
import { INPUT_ERROR } from '@portal/shared/api/limits';
import { ROUTES, routeKey } from '@portal/shared/api/route-table';
import { registeredServerMessages } from '@portal/shared/api/server-messages';
import { notificationSchema, sentNotificationEditSchema } from '@portal/shared/notifications/notification.schema';
import { taskContentEditSchema, taskSchema } from '@portal/shared/tasks/task.schema';
import { InvalidInputError } from '../../functions/src/platform/errors/domain-errors.ts';
import { checkBodyShape, checkPathParameters, checkQuery } from '../../functions/src/platform/http/input-guard.ts';
import { parseInput } from '../../functions/src/platform/http/validate.middleware.ts';
import type { InputSource } from '../../functions/src/platform/http/type-check.ts';
import { pathParameterNames, schemasOfEveryRoute } from '../support/route-schemas.ts';

/**
 * No schema rule throws, whatever JSON it meets (decision 0050): arbitrary bodies, path parameters
 * and queries, shaped after each route's own schemas so they reach the nested rules, go through the
 * preset's `parseInput`. Each is accepted, or refused naming at least one field with its message and
 * a code the frontend translates by (decision 0017). A rule that throws shows here as a refusal
 * without fields (the preset's "Schema rule threw on input"). Input the preset's gates refuse before
 * any schema runs (forbidden keys, oversized query values) is left out, as it never reaches one.
 */
const schemasByRoute = await schemasOfEveryRoute();

/** Bodies that services validate themselves with the stored item's schema (route-input-limits.test.ts). */
const SERVICE_SCHEMAS: Record<string, AnySchema> = { taskSchema, taskContentEditSchema, notificationSchema, sentNotificationEditSchema };

const KNOWN_CODES = new Set([...registeredServerMessages().keys(), ...Object.values(INPUT_ERROR).map((e) => e.code)]);

/** Text that real rules look at twice: ids with the key separator, weeks and dates at their edges, times, offsets. */
const EDGE_TEXT = [
  '', ' ', '#', 'a#b', 'x'.repeat(129),
  '0999-W10', '0000-W01', '1000-W01', '9999-W52', '2026-W10', '2026-W53', '2026-W00',
  '2026-11-27', '2026-02-30', '0999-01-01', '1999-12-31', '2100-01-01',
  '10:00', '23:59:59', '24:00', '+01:00', '-12:00', '+14:00', 'Z',
  'one', 'all', 'true', '1', '-1', 'NaN', 'Infinity',
];

const anyJson = fc.jsonValue({ maxDepth: 3 });
const anyText = fc.oneof(fc.constantFrom(...EDGE_TEXT), fc.string({ maxLength: 12 }));

/** Values for a field of `schema`: mostly of its shape (so nested rules run), sometimes anything. */
function valueFor(schema: AnySchema, depth = 0): fc.Arbitrary<unknown> {
  let resolved: AnySchema;
  try {
    resolved = schema.resolve({ value: undefined, context: {} }) as AnySchema;
  } catch {
    return anyJson;
  }
  const description = resolved.describe() as SchemaDescription;
  const choices = description.oneOf.filter((value) => value !== undefined);
  const own = depth > 8 ? anyJson : shaped(resolved, depth);
  return fc.oneof(
    { arbitrary: choices.length ? fc.oneof(own, fc.constantFrom(...choices)) : own, weight: 6 },
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
}

function shaped(schema: AnySchema, depth: number): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'object': {
      const fields = (schema as ObjectSchema<Record<string, unknown>>).fields as Record<string, AnySchema>;
      const record = Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, valueFor(field, depth + 1)]));
      return fc.record(record, { requiredKeys: [] });
    }
    case 'array': {
      const inner = (schema as ArraySchema<unknown[], object>).innerType as AnySchema | undefined;
      return fc.array(inner ? valueFor(inner, depth + 1) : anyJson, { maxLength: 3 });
    }
    case 'string':
      return anyText;
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 1e308));
    case 'boolean':
      return fc.boolean();
    default:
      return fc.oneof(anyText, anyJson);
  }
}

/** A query: the schema's own keys and a stray one, every value text (as API Gateway gives them). */
function queryFor(schema: AnySchema): fc.Arbitrary<Record<string, string>> {
  const keys = schema.type === 'object' ? Object.keys((schema as ObjectSchema<Record<string, unknown>>).fields) : [];
  return fc.dictionary(fc.oneof(fc.constantFrom(...keys, 'other'), fc.string({ minLength: 1, maxLength: 8 })), anyText, { maxKeys: 6 });
}

/** Path parameters: every name of the path, each a non-empty text (an empty one never reaches a route). */
const paramsFor = (names: string[]) =>
  fc.record(Object.fromEntries(names.map((name) => [name, anyText.filter((value) => value.length > 0)])));

/** Accepted, or refused naming a field with a message and a known code; anything else fails with its reason. */
async function judge(schema: Schema, value: unknown, source: InputSource): Promise<void> {
  const refusal = await parseInput(schema, value, source).then(
    () => undefined,
    (error: unknown) => error,
  );
  if (refusal === undefined) return;
  if (!(refusal instanceof InvalidInputError)) throw new Error(`validation threw ${String(refusal)}`, { cause: refusal });
  const fields = Object.entries(refusal.errors ?? {});
  if (!fields.length) throw new Error(`refused without a field (a rule threw): ${refusal.message}`);
  if (!fields.every(([, message]) => typeof message === 'string' && message)) throw new Error(`a field without its message: ${JSON.stringify(refusal.errors)}`);
  if (!refusal.code || !KNOWN_CODES.has(refusal.code)) throw new Error(`refused without a known code: ${refusal.code}`);
}

/** Bounded, so the whole file takes seconds: about 120 routes, three parts each. */
const RUNS = { body: 100, query: 30, params: 30 } as const;
const check = (arbitrary: fc.Arbitrary<unknown>, schema: Schema, source: InputSource, admit: (value: unknown) => boolean) =>
  fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      fc.pre(admit(value));
      await judge(schema, value, source);
    }),
    { numRuns: RUNS[source], seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
  );

const passesBodyGates = (value: unknown) => !checkBodyShape(value);
const passesQueryGates = (value: unknown) => !checkQuery(value as Record<string, string>);
const passesPathGates = (value: unknown) => !checkPathParameters(value as Record<string, string>);

describe('no schema rule throws, on any route', () => {
  it('the judge fails a refusal without fields, as a throwing rule leaves', async () => {
    const throwing = object({ a: string().max(3).test('boom', 'never', () => (undefined as unknown as string[]).includes('x')) });
    await expect(judge(throwing, { a: 'x' }, 'body')).rejects.toThrow('refused without a field (a rule threw)');
    await expect(judge(throwing, { a: 7 }, 'body')).resolves.toBeUndefined();
  });

  it.each(ROUTES.map((route) => [routeKey(route), route] as const))('%s', async (key, route) => {
    const { body, query, params } = schemasByRoute.get(key)!;
    if (body) await check(valueFor(body as AnySchema), body, 'body', passesBodyGates);
    if (query) await check(queryFor(query as AnySchema), query, 'query', passesQueryGates);
    if (params) await check(paramsFor(pathParameterNames(route)), params, 'params', passesPathGates);
  });

  it.each(Object.entries(SERVICE_SCHEMAS))('the service-validated %s', async (_, schema) => {
    await check(valueFor(schema), schema as Schema, 'body', passesBodyGates);
  });
});
