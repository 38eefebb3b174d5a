import { describe, expect, it } from 'vitest';
import { array, mixed, number, object, string } from 'yup';
import { findTypeFault } from './type-check.ts';

const schema = object({
  name: string().trim().max(10),
  count: number().min(0).max(9),
  tags: array(string().max(5)).max(3),
  nested: object({ flag: mixed().oneOf(['a', 'b']), note: string().nullable() }),
});

describe('type check before transforms', () => {
  it.each([
    [{ name: ['a'] }, 'name', 'name must be text'],
    [{ name: { a: 1 } }, 'name', 'name must be text'],
    [{ count: '3' }, 'count', 'count must be a number'],
    [{ tags: 'a' }, 'tags', 'tags must be a list'],
    [{ tags: [null] }, 'tags[0]', 'tags[0] must not be null'],
    [{ tags: ['a', 3] }, 'tags[1]', 'tags[1] must be text'],
    [{ nested: [] }, 'nested', 'nested must be an object'],
    [[], '', 'The body must be an object'],
  ])('refuses %j at %s', (value, path, message) => {
    expect(findTypeFault(schema, value, 'body')).toEqual({ path, message });
  });

  it('lets well-typed, null-where-allowed and absent values through to the schema', () => {
    expect(findTypeFault(schema, { name: ' a ', count: 1, tags: ['x'], nested: { flag: 'zz', note: null } }, 'body')).toBeUndefined();
    expect(findTypeFault(schema, {}, 'body')).toBeUndefined();
  });

  it('reads numbers and booleans in a query as their text forms', () => {
    const query = object({ limit: number().min(1).max(100) });
    expect(findTypeFault(query, { limit: '20' }, 'query')).toBeUndefined();
    expect(findTypeFault(query, { limit: 'abc' }, 'query')).toEqual({ path: 'limit', message: 'limit must be a number' });
    expect(findTypeFault(query, { limit: '1e308' }, 'query')?.path).toBe('limit');
  });
});
