import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@portal/shared/api/route-table';
import { toApiGatewayEvent } from './api-gateway-event.ts';

// The local runtime hands webhook bodies to the Lambda as API Gateway does: text as it is, other
// content types base64-encoded, no body as none (docs/webhooks.md: any body, JSON, form or empty).
const webhook = (ROUTES as readonly RouteDefinition[]).find((route) => route.rawBody)!;
const eventOf = (body: Buffer, contentType?: string) =>
  toApiGatewayEvent(
    { method: 'POST', headers: contentType === undefined ? {} : { 'content-type': contentType } },
    new URL('http://localhost/api/hooks/o1/t1'),
    body,
    webhook,
    { orgId: 'o1', triggerId: 't1' },
  );

describe('webhook bodies in the local runtime', () => {
  it('pass a form body through unchanged, as text', () => {
    const event = eventOf(Buffer.from('button=flic%201&click=hold'), 'application/x-www-form-urlencoded');
    expect([event.body, event.isBase64Encoded]).toEqual(['button=flic%201&click=hold', false]);
  });

  it('pass JSON (with a charset) and text without a content type as text', () => {
    expect(eventOf(Buffer.from('{"a":'), 'application/json; charset=utf-8')).toMatchObject({ body: '{"a":', isBase64Encoded: false });
    expect(eventOf(Buffer.from('ping'))).toMatchObject({ body: 'ping', isBase64Encoded: false });
  });

  it('pass no body as none, whatever the content type says', () => {
    expect(eventOf(Buffer.alloc(0), 'application/json')).toMatchObject({ body: undefined, isBase64Encoded: false });
    expect(eventOf(Buffer.alloc(0), 'application/octet-stream')).toMatchObject({ body: undefined, isBase64Encoded: false });
  });

  it('base64-encode another content type, byte for byte', () => {
    const bytes = Buffer.from([0xde, 0xad, 0x00, 0xbe, 0xef]);
    const event = eventOf(bytes, 'application/octet-stream');
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });
});
