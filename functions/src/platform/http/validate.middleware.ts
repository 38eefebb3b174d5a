import type { MiddlewareObj } from '@middy/core';
import { ValidationError, type Schema } from 'yup';
import { validationError } from './errors.ts';
import type { HttpEvent, HttpResult } from './types.ts';

export interface RequestSchemas {
  params?: Schema;
  query?: Schema;
  body?: Schema;
}

/** Validated and cast request parts, kept apart from the raw event. */
export interface ValidatedRequest {
  params: unknown;
  query: unknown;
  body: unknown;
}

const validated = new WeakMap<HttpEvent, ValidatedRequest>();

export function validatedParts(event: HttpEvent): ValidatedRequest {
  return validated.get(event) ?? { params: event.pathParameters ?? {}, query: event.queryStringParameters ?? {}, body: event.body };
}

/**
 * Unknown keys are refused where a schema says `noUnknown` (so a typo is a 400, not silently
 * ignored) and stripped everywhere else, so services only ever see declared fields.
 */
async function check(schema: Schema | undefined, value: unknown): Promise<unknown> {
  if (!schema) return value;
  const valid = await schema.validate(value, { abortEarly: false });
  return schema.cast(valid, { stripUnknown: true, assert: false });
}

/**
 * Validates path, query and body with the same yup schemas the forms use, so the API answers with
 * the spec's messages: 400 `{ message: <first error>, errors: { field: message } }`.
 */
export function validate(schemas: RequestSchemas): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: async ({ event }) => {
      try {
        validated.set(event, {
          params: await check(schemas.params, event.pathParameters ?? {}),
          query: await check(schemas.query, event.queryStringParameters ?? {}),
          body: await check(schemas.body, event.body ?? (schemas.body ? {} : undefined)),
        });
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        const errors: Record<string, string> = {};
        for (const inner of error.inner.length ? error.inner : [error]) {
          const field = inner.path ?? '_';
          errors[field] ??= inner.message;
        }
        throw validationError(error.errors[0] ?? 'Invalid input', errors);
      }
    },
  };
}
