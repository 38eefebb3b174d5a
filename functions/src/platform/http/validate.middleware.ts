import type { MiddlewareObj } from '@middy/core';
import { ValidationError, type InferType, type Schema } from 'yup';
import '@portal/shared/validation/locale';
import { INPUT_ERROR } from '@portal/shared/api/limits';
import { InvalidInputError } from '../errors/domain-errors.ts';
import { inputError } from './errors.ts';
import { checkPathParameters, checkQuery } from './input-guard.ts';
import { findTypeFault, type InputSource } from './type-check.ts';
import type { HttpEvent, HttpResult } from './types.ts';
import { logger } from '../logger.ts';

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

/** A yup ValidationError as the 400 the API answers: the first message, and one per field. */
function toValidationError(error: ValidationError) {
  const errors: Record<string, string> = {};
  for (const inner of error.inner.length ? error.inner : [error]) errors[inner.path ?? '_'] ??= inner.message;
  return InvalidInputError.onFields(error.errors[0] ?? INPUT_ERROR.invalid.message, errors);
}

/**
 * Types first (before any transform can throw on them), then the schema. Unknown keys are refused
 * where a schema says so and stripped everywhere else, so services only ever see declared fields.
 * Also used by services whose schema depends on a stored item (a sent notification's edit).
 */
export async function parseInput<S extends Schema>(schema: S, value: unknown, source: InputSource = 'body'): Promise<InferType<S>> {
  const fault = findTypeFault(schema, value, source);
  if (fault) throw InvalidInputError.onField(fault.path || '_', fault.message);
  try {
    const valid = await schema.validate(value, { abortEarly: false });
    return schema.cast(valid, { stripUnknown: true, assert: false }) as InferType<S>;
  } catch (error) {
    if (error instanceof ValidationError) throw toValidationError(error);
    // A rule that throws on a shape the type check let through is a schema bug, not a server
    // fault the caller caused: answer 400 and keep the trace for us.
    logger.warn('Schema rule threw on input', { error: (error as Error).message });
    throw InvalidInputError.onFields(INPUT_ERROR.invalid.message, {});
  }
}

/** A route without a body schema takes no body; an empty object is tolerated (some clients send one). */
function refuseUnexpectedBody(body: unknown) {
  const empty = body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!empty) throw inputError(400, INPUT_ERROR.noBody);
}

/**
 * Validates path, query and body with the same yup schemas the forms use, so the API answers with
 * the spec's messages: 400 `{ message: <first error>, code, errors: { field: message } }`.
 */
export function validate(schemas: RequestSchemas): MiddlewareObj<HttpEvent, HttpResult> {
  return {
    before: async ({ event }) => {
      const path = checkPathParameters(event.pathParameters) ?? checkQuery(event.queryStringParameters);
      if (path) throw inputError(path.status, path.error, path.field);
      if (!schemas.body) refuseUnexpectedBody(event.body);
      validated.set(event, {
        params: schemas.params ? await parseInput(schemas.params, event.pathParameters ?? {}, 'params') : (event.pathParameters ?? {}),
        query: schemas.query ? await parseInput(schemas.query, event.queryStringParameters ?? {}, 'query') : (event.queryStringParameters ?? {}),
        // No body reads as {}; a JSON `null` is a body, refused unless the schema takes null.
        body: schemas.body ? await parseInput(schemas.body, event.body === undefined ? {} : event.body, 'body') : undefined,
      });
    },
  };
}
