import { describe, expect, it } from 'vitest';
import { array, mixed, number, object, string, type AnySchema, type ArraySchema, type ObjectSchema, type SchemaDescription } from 'yup';
import { ROUTES, routeKey } from '@portal/shared/api/route-table';
import { taskContentEditSchema, taskSchema } from '@portal/shared/tasks/task.schema';
import { pathParameterNames, schemasOfEveryRoute } from '../support/route-schemas.ts';

/**
 * Every field of every route's path, query and body schema has a limit: a string a maximum length
 * (or a fixed list of values), a number a minimum and a maximum, a list a maximum size and a type
 * for its items. New routes join automatically; a field without a limit fails here, by name.
 */
const schemasByRoute = await schemasOfEveryRoute();

const testNames = (description: SchemaDescription) => description.tests.map((t) => t.name);
const hasWhitelist = (description: SchemaDescription) => description.oneOf.length > 0;

/** The fields without a limit under `schema`, as paths. */
function unlimited(schema: AnySchema, path: string): string[] {
  const description = schema.describe() as SchemaDescription;
  const tests = testNames(description);
  switch (schema.type) {
    case 'string':
      return tests.includes('max') || hasWhitelist(description) ? [] : [`${path} (text without a maximum length)`];
    case 'number':
      return (tests.includes('min') && tests.includes('max')) || hasWhitelist(description) ? [] : [`${path} (number without a range)`];
    case 'boolean':
      return [];
    case 'array': {
      const inner = (schema as ArraySchema<unknown[], object>).innerType as AnySchema | undefined;
      const own = tests.includes('max') ? [] : [`${path} (list without a maximum size)`];
      return [...own, ...(inner ? unlimited(inner, `${path}[]`) : [`${path} (list without an item type)`])];
    }
    case 'object':
      return Object.entries((schema as ObjectSchema<Record<string, unknown>>).fields).flatMap(([key, field]) =>
        unlimited(field as AnySchema, path ? `${path}.${key}` : key),
      );
    default:
      // mixed: a list of values, its own tests (a size rule), or a schema chosen by a condition.
      return hasWhitelist(description) || tests.length > 0 || (schema as unknown as { conditions: unknown[] }).conditions.length > 0
        ? []
        : [`${path} (value of any shape)`];
  }
}

/** Bodies whose schema depends on the stored item: the service validates them with parseInput. */
const SERVICE_VALIDATED_BODIES = new Set(['PUT /api/organizations/{orgId}/notifications/{notificationId}', 'PUT /api/organizations/{orgId}/tasks/{taskId}']);

/** The schemas those services validate with (a task: whole while scheduled, content-only once it runs). */
const SERVICE_SCHEMAS: Record<string, AnySchema> = { taskSchema, taskContentEditSchema };

describe('input limits on every route', () => {
  it('names a field without a limit (the walker itself)', () => {
    const loose = object({ a: string(), b: number().min(0), c: array(string().max(3)), d: mixed(), e: object({ f: string().max(2) }) });
    expect(unlimited(loose, 'body')).toEqual([
      'body.a (text without a maximum length)',
      'body.b (number without a range)',
      'body.c (list without a maximum size)',
      'body.d (value of any shape)',
    ]);
  });

  it('has the schemas of every route of the route table', () => {
    expect([...schemasByRoute.keys()].sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it.each(ROUTES.map((route) => [routeKey(route)]))('%s limits every field', (key) => {
    const schemas = schemasByRoute.get(key)!;
    const faults = (['params', 'query', 'body'] as const).flatMap((part) => {
      const schema = schemas[part] as AnySchema | undefined;
      if (!schema || (part === 'body' && SERVICE_VALIDATED_BODIES.has(key))) return [];
      return unlimited(schema, part);
    });
    expect(faults).toEqual([]);
  });

  it.each(Object.keys(SERVICE_SCHEMAS).map((name) => [name]))('the service-validated %s limits every field', (name) => {
    expect(unlimited(SERVICE_SCHEMAS[name]!, 'body')).toEqual([]);
  });

  it('declares a path schema for every path parameter', () => {
    for (const route of ROUTES) {
      const names = pathParameterNames(route);
      const params = schemasByRoute.get(routeKey(route))!.params as ObjectSchema<Record<string, unknown>> | undefined;
      expect([routeKey(route), names.filter((name) => !params?.fields[name])]).toEqual([routeKey(route), []]);
    }
  });
});
