import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { INPUT_ERROR, MAX_RAW_BODY_BYTES } from '@portal/shared/api/limits';
import { errorHandler } from './error-handler.middleware.ts';
import { rawBody, rawBodyOf } from './raw-body.middleware.ts';
import type { HttpEvent, HttpResult } from './types.ts';
import { validate } from './validate.middleware.ts';

// As the preset chains a rawBody route: no JSON parsing, no body schema, the bytes kept for the route.
const handler = middy<HttpEvent, HttpResult>()
  .use(errorHandler())
  .use(rawBody(MAX_RAW_BODY_BYTES))
  .use(validate({}))
  .handler(async (event) => ({ statusCode: 200, body: JSON.stringify({ hex: rawBodyOf(event).toString('hex'), body: event.body ?? null }) }));

const call = async (body: string | undefined, isBase64Encoded = false) => {
  const event = { body, isBase64Encoded, headers: {}, requestContext: { requestId: 'r1' } } as unknown as HttpEvent;
  const result = await handler(event, {} as Context);
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') };
};
const hex = (text: string) => Buffer.from(text).toString('hex');

describe('raw-body routes', () => {
  it('take any body as it is: broken JSON, a form, nothing', async () => {
    expect(await call('{"a":')).toEqual({ status: 200, body: { hex: hex('{"a":'), body: null } });
    expect(await call('click=1&serial=AB%20C')).toEqual({ status: 200, body: { hex: hex('click=1&serial=AB%20C'), body: null } });
    expect(await call(undefined)).toEqual({ status: 200, body: { hex: '', body: null } });
    expect(await call('')).toEqual({ status: 200, body: { hex: '', body: null } });
  });

  it('decode a base64 body to its bytes', async () => {
    const bytes = Buffer.from([0xff, 0x00, 0x7b, 0x22]);
    expect(await call(bytes.toString('base64'), true)).toEqual({ status: 200, body: { hex: bytes.toString('hex'), body: null } });
  });

  it('refuse a body over their limit with 413, text or base64', async () => {
    expect((await call('x'.repeat(MAX_RAW_BODY_BYTES))).status).toBe(200);
    const tooLarge = { status: 413, body: { message: INPUT_ERROR.tooLarge.message, code: INPUT_ERROR.tooLarge.code } };
    expect(await call('x'.repeat(MAX_RAW_BODY_BYTES + 1))).toEqual(tooLarge);
    expect(await call(Buffer.alloc(MAX_RAW_BODY_BYTES + 3).toString('base64'), true)).toEqual(tooLarge);
  });
});
