import type { MiddlewareObj } from '@middy/core';
import { INPUT_ERROR } from '@portal/shared/api/limits';
import { inputError } from './errors.ts';
import { checkBodyShape, checkBodySize } from './input-guard.ts';
import type { HttpEvent, HttpResult } from './types.ts';

/**
 * The API speaks JSON only, so any non-empty body is parsed whatever its content type. Before
 * parsing, the size is checked (413); after, the shape (depth, number of values, keys such as
 * `__proto__` or `constructor`): all answered with a stable code, never a 500. middy's own parser
 * answers 415 for a wrong content type and has no size or shape limit.
 */
export function jsonBody(): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: async ({ event }) => {
      const raw = event.body;
      if (raw === undefined || raw === null || raw === '') return;
      const tooLarge = checkBodySize(raw, Boolean(event.isBase64Encoded));
      if (tooLarge) throw inputError(tooLarge.status, tooLarge.error);
      const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw inputError(400, INPUT_ERROR.notJson);
      }
      const refusal = checkBodyShape(body);
      if (refusal) throw inputError(refusal.status, refusal.error, refusal.field);
      (event as { body: unknown }).body = body;
    },
  };
}
