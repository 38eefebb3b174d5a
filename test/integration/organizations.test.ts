import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { SignJWT, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/src/organizations/handler.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { apiEvent, type ApiRequest } from '../support/api-event.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf } from '../support/owner.ts';

const context = {} as Context;
async function call(method: string, path: string, request?: ApiRequest) {
  const result = (await handler(apiEvent(method, path, request), context)) as APIGatewayProxyStructuredResultV2;
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null'), headers: result.headers ?? {} };
}

describe('organizations module against DynamoDB Local and cognito-local', () => {
  let demoToken: string;
  let demoOrgId: string;
  let otherToken: string;
  let otherOrgId: string;

  beforeAll(async () => {
    demoToken = await signIn(DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
    const email = `owner-${randomUUID()}@other.test`;
    const userId = await createIdentity(email, 'Other-Org-1!');
    otherOrgId = await foundOrganization({ name: 'Other Shop', timeZone: 'Europe/London', owner: ownerOf(userId, undefined, email) });
    otherToken = await signIn(email, 'Other-Org-1!');
    const list = await call('GET', '/api/organizations', { token: demoToken });
    demoOrgId = list.body[0].id;
  });

  it('reports every component healthy', async () => {
    const { status, body } = await call('GET', '/api/health');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', components: { database: { status: 'ok' }, identity: { status: 'ok' } } });
  });

  it("lists the signed-in user's organisations with id, name and time zone", async () => {
    const { status, body } = await call('GET', '/api/organizations', { token: demoToken });
    expect(status).toBe(200);
    expect(body).toEqual([{ id: demoOrgId, name: 'Demo Organization', time_zone: 'Europe/Berlin', roles: ['superadmin'] }]);
    const other = await call('GET', '/api/organizations', { token: otherToken });
    expect(other.body).toEqual([{ id: otherOrgId, name: 'Other Shop', time_zone: 'Europe/London', roles: ['superadmin'] }]);
  });

  it("returns the organisation's feature flags with defaults filled in", async () => {
    const { status, body } = await call('GET', `/api/organizations/${demoOrgId}/settings/features`, { token: demoToken });
    expect(status).toBe(200);
    expect(body.features).toEqual({
      dashboard: 'enable',
      shift_planner: 'enable',
      notifications: 'enable',
      tasks: 'enable',
      actions: 'enable',
      automation: 'enable',
    });
    expect(body.dashboards.sort()).toEqual(['actions', 'tasks']);
  });

  it("answers 403 for a valid token on another organisation's path", async () => {
    const { status, body } = await call('GET', `/api/organizations/${otherOrgId}/settings/features`, { token: demoToken });
    expect(status).toBe(403);
    expect(body).toEqual({ message: 'You do not have access to this organization', code: 'access.noAccess' });
  });

  it('answers 401 without a token, with a malformed one and with one signed by another key', async () => {
    expect(await call('GET', '/api/organizations')).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    expect(await call('GET', '/api/organizations', { token: 'not-a-jwt' })).toMatchObject({
      status: 401,
      body: { message: 'Invalid or expired token' },
    });
    const claims = JSON.parse(Buffer.from(demoToken.split('.')[1]!, 'base64url').toString());
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(privateKey);
    expect(await call('GET', '/api/organizations', { token: forged })).toMatchObject({ status: 401 });
  });

  it('answers 400 with a message for a body that is not JSON, and echoes a correlation id', async () => {
    const { status, body, headers } = await call('GET', '/api/organizations', {
      token: demoToken,
      body: '{not json',
      headers: { 'x-correlation-id': 'abc-123' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ message: 'The request body is not valid JSON', code: 'body_not_json' });
    expect(headers['x-correlation-id']).toBe('abc-123');
  });

  it('answers 404 JSON for a route key the module does not serve', async () => {
    const event = apiEvent('GET', '/api/health');
    const result = (await handler({ ...event, routeKey: 'GET /api/unknown' }, context)) as APIGatewayProxyStructuredResultV2;
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body!)).toEqual({ message: 'Not Found', code: 'http.notFound' });
  });
});
