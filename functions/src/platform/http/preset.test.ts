import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { number, object, string } from 'yup';
import { SEND_IN_PAST } from '@portal/shared/notifications/notification.schema';
import { ACCESS_MESSAGES } from '@portal/shared/tenancy/access-messages';
import { USER_MESSAGES } from '@portal/shared/users/user.schema';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, RateLimitedError, UnauthenticatedError, UnavailableError } from '../errors/domain-errors.ts';
import { HttpError } from './errors.ts';
import { errorHandler } from './error-handler.middleware.ts';
import { jsonBody } from './json-body.middleware.ts';
import type { HttpEvent, HttpResult } from './types.ts';
import { validate, validatedParts } from './validate.middleware.ts';

// own-module-instance: the codes asserted are those of the messages this file's imports register
// (shared/src/api/server-messages.ts: a text registered by two modules answers the first one's code).
const schema = object({ name: string().required('Name is required'), size: number().typeError('Size must be a number').max(4, 'Too big') });

function chain(run: (event: HttpEvent) => Promise<HttpResult>) {
  return middy<HttpEvent, HttpResult>().use(errorHandler()).use(jsonBody()).use(validate({ body: schema })).handler(run);
}

const event = (body?: string) => ({ body, headers: {}, requestContext: { requestId: 'r1' } }) as unknown as HttpEvent;
const call = async (handler: ReturnType<typeof chain>, body?: string) => {
  const result = await handler(event(body), {} as Context);
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') };
};

describe('the HTTP preset', () => {
  const echo = chain(async (e) => ({ statusCode: 200, body: JSON.stringify(validatedParts(e).body) }));

  it('parses JSON, validates with the schema and strips unknown fields', async () => {
    expect(await call(echo, '{"name":"Ann","size":3,"extra":true}')).toEqual({ status: 200, body: { name: 'Ann', size: 3 } });
  });

  it('checks types before any transform: a number sent as text is refused, not cast', async () => {
    expect(await call(echo, '{"name":"Ann","size":"3"}')).toEqual({
      status: 400,
      body: { message: 'size must be a number', code: 'invalid_input', errors: { size: 'size must be a number' } },
    });
  });

  it('answers 400 with the first message and every field message', async () => {
    expect(await call(echo, '{"size":9}')).toEqual({
      status: 400,
      body: { message: 'Name is required', code: 'invalid_input', errors: { name: 'Name is required', size: 'Too big' } },
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    expect(await call(echo, '{"name":')).toEqual({ status: 400, body: { message: 'The request body is not valid JSON', code: 'body_not_json' } });
  });

  it('maps thrown http errors to their status and hides unexpected errors behind a 500', async () => {
    const conflict = chain(async () => {
      throw new ConflictError('Email already taken');
    });
    expect(await call(conflict, '{"name":"x"}')).toEqual({ status: 409, body: { message: 'Email already taken' } });
    const crash = chain(async () => {
      throw new Error('secret internals');
    });
    expect(await call(crash, '{"name":"x"}')).toEqual({ status: 500, body: { message: 'Internal server error', code: 'http.internal' } });
  });

  it('answers each kind of domain error with its status, and the HTTP errors of the preset with theirs', async () => {
    const thrown = async (error: Error) => call(chain(async () => Promise.reject(error)), '{"name":"x"}');
    expect(await thrown(new NotFoundError('No such thing'))).toEqual({ status: 404, body: { message: 'No such thing' } });
    expect(await thrown(new ConflictError('Taken', { errors: { device_id: 'Taken' } }))).toEqual({ status: 409, body: { message: 'Taken', errors: { device_id: 'Taken' } } });
    expect(await thrown(new InvalidInputError('No trigger menu'))).toEqual({ status: 400, body: { message: 'No trigger menu' } });
    expect(await thrown(InvalidInputError.onField('users', 'Unknown user in users: u1'))).toEqual({
      status: 400,
      body: { message: 'Unknown user in users: u1', code: 'invalid_input', errors: { users: 'Unknown user in users: u1' } },
    });
    expect(await thrown(new ForbiddenError('Not yours'))).toEqual({ status: 403, body: { message: 'Not yours' } });
    expect(await thrown(new UnavailableError('Not delivered'))).toEqual({ status: 503, body: { message: 'Not delivered' } });
    expect(await thrown(new HttpError(401, 'Authentication required'))).toEqual({ status: 401, body: { message: 'Authentication required', code: 'access.authenticationRequired' } });
    expect(await thrown(new UnauthenticatedError('Wrong secret'))).toEqual({ status: 401, body: { message: 'Wrong secret' } });
    expect(await thrown(new RateLimitedError('Slow down'))).toEqual({ status: 429, body: { message: 'Slow down' } });
  });

  it('tells a rate-limited caller when to come back: Retry-After in whole seconds, rounded up', async () => {
    const headers = async (error: Error) => (await chain(async () => Promise.reject(error))({ body: '{"name":"x"}', headers: {}, requestContext: { requestId: 'r1' } } as unknown as HttpEvent, {} as Context)).headers ?? {};
    expect(await headers(new RateLimitedError('Slow down', { retryAfterSeconds: 4.2 }))).toMatchObject({ 'retry-after': '5' });
    expect(await headers(new RateLimitedError('Slow down', { retryAfterSeconds: 0 }))).toMatchObject({ 'retry-after': '1' });
    expect(await headers(new RateLimitedError('Slow down'))).not.toHaveProperty('retry-after');
    // A conflict with a request still under way says when it will be settled (a webhook's delivery id).
    expect(await headers(new ConflictError('Still under way', { retryAfterSeconds: 12 }))).toMatchObject({ 'retry-after': '12' });
    expect(await headers(new ConflictError('Taken'))).not.toHaveProperty('retry-after');
  });

  it("answers every product message with its stable code, so the frontend shows it in the user's language", async () => {
    const thrown = async (error: Error) => call(chain(async () => Promise.reject(error)), '{"name":"x"}');
    expect(await thrown(new NotFoundError(USER_MESSAGES.notFound))).toEqual({ status: 404, body: { message: 'User not found', code: 'users.notFound' } });
    expect(await thrown(new ForbiddenError(ACCESS_MESSAGES.roleNotAllowed))).toEqual({
      status: 403,
      body: { message: 'Your role does not allow this action', code: 'access.roleNotAllowed' },
    });
    expect(await thrown(InvalidInputError.onField('config.send', SEND_IN_PAST))).toEqual({
      status: 400,
      body: { message: SEND_IN_PAST, code: 'notifications.sendInPast', errors: { 'config.send': SEND_IN_PAST } },
    });
    // A code given explicitly stays.
    expect(await thrown(new ConflictError(USER_MESSAGES.emailTaken, { code: 'custom' }))).toMatchObject({ body: { code: 'custom' } });
  });
});
