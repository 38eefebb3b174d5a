import type { MiddlewareObj } from '@middy/core';
import { inputError } from './errors.ts';
import { checkBodySize } from './input-guard.ts';
import type { HttpEvent, HttpResult } from './types.ts';

const rawBodies = new WeakMap<HttpEvent, Buffer>();

/**
 * For routes with `rawBody: true` (webhooks): the body is not parsed, whatever its content type
 * (JSON, a form, nothing at all), because a signature is over its exact bytes. Only its size is
 * checked (413 over `limit`); the bytes, base64-decoded when API Gateway encoded them, are kept
 * for the route (`rawBodyOf`) and `event.body` is cleared so no JSON rule looks at it.
 */
export function rawBody(limit: number): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: async ({ event }) => {
      const raw = event.body ?? '';
      const tooLarge = checkBodySize(raw, Boolean(event.isBase64Encoded), limit);
      if (tooLarge) throw inputError(tooLarge.status, tooLarge.error);
      rawBodies.set(event, Buffer.from(raw, event.isBase64Encoded ? 'base64' : 'utf8'));
      (event as { body?: string }).body = undefined;
    },
  };
}

/** The body bytes the raw-body middleware kept; empty when there was none. */
export const rawBodyOf = (event: HttpEvent): Buffer => rawBodies.get(event) ?? Buffer.alloc(0);
