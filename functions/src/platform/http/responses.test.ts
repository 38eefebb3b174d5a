import { describe, expect, it } from 'vitest';
import { accepted, json, noContent, ok } from './responses.ts';

describe('responses', () => {
  it('say no-store on every answer: for the caller only, never kept by a browser or CloudFront (decision 0023)', () => {
    for (const response of [ok({ a: 1 }), accepted({ id: 'x' }), json(404, { message: 'Not found' }), noContent()]) {
      expect(response.headers).toMatchObject({ 'cache-control': 'no-store' });
    }
    expect(json(200, [], { 'x-correlation-id': 'c' }).headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-correlation-id': 'c',
    });
  });
});
