import { describe, expect, it } from 'vitest';
import { INPUT_ERROR, MAX_BODY_BYTES, MAX_BODY_DEPTH } from '@portal/shared/api/limits';
import { checkBodyShape, checkBodySize, checkPathParameters, checkQuery } from './input-guard.ts';

const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;

describe('input guard', () => {
  it('refuses a body over the size limit with 413, counting bytes not characters', () => {
    expect(checkBodySize('x'.repeat(MAX_BODY_BYTES), false)).toBeUndefined();
    expect(checkBodySize('x'.repeat(MAX_BODY_BYTES + 1), false)).toEqual({ status: 413, error: INPUT_ERROR.tooLarge });
    expect(checkBodySize('ü'.repeat(MAX_BODY_BYTES / 2 + 1), false)?.status).toBe(413);
  });

  it('refuses deep nesting without overflowing the stack', () => {
    expect(checkBodyShape(nested(MAX_BODY_DEPTH))).toBeUndefined();
    expect(checkBodyShape(nested(MAX_BODY_DEPTH + 1))).toEqual({ status: 400, error: INPUT_ERROR.tooDeep });
    expect(checkBodyShape(nested(10_000))?.error).toBe(INPUT_ERROR.tooDeep);
  });

  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__', 'prototype', 'valueOf'])('refuses the key %s anywhere in a body', (key) => {
    const body = JSON.parse(`{"a":{"b":[{"${key}":1}]}}`) as unknown;
    expect(checkBodyShape(body)).toEqual({ status: 400, error: INPUT_ERROR.forbiddenKey, field: `a.b[0].${key}` });
  });

  it('refuses too many values', () => {
    expect(checkBodyShape({ users: Array.from({ length: 60_000 }, (_, i) => `u${i}`) })?.error).toBe(INPUT_ERROR.tooMany);
  });

  it('refuses forbidden, oversized and too many query keys', () => {
    expect(checkQuery({ constructor: '1' })?.error).toBe(INPUT_ERROR.forbiddenKey);
    expect(checkQuery({ filter: 'x'.repeat(3_000) })?.error).toBe(INPUT_ERROR.badQuery);
    expect(checkQuery(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, 'v'])))?.error).toBe(INPUT_ERROR.badQuery);
    expect(checkQuery({ filter: 'ann', limit: '10' })).toBeUndefined();
  });

  it('refuses path ids longer than a key part', () => {
    expect(checkPathParameters({ orgId: 'o1', userId: 'u'.repeat(129) })).toEqual({ status: 400, error: INPUT_ERROR.badPath, field: 'userId' });
    expect(checkPathParameters({ orgId: 'o1' })).toBeUndefined();
  });
});
