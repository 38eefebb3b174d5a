import type { MiddlewareObj } from '@middy/core';
import { createError } from './errors.ts';
import type { HttpEvent, HttpResult } from './types.ts';

/**
 * The API speaks JSON only, so any non-empty body is parsed whatever its content type, and a body
 * that is not JSON is a 400 with a clear message (middy's parser answers 415 for both cases).
 */
export function jsonBody(): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: async ({ event }) => {
      const raw = event.body;
      if (raw === undefined || raw === null || raw === '') return;
      const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
      try {
        (event as { body: unknown }).body = JSON.parse(text);
      } catch {
        throw createError(400, 'The request body is not valid JSON', { expose: true });
      }
    },
  };
}
