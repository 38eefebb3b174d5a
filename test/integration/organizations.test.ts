import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { SignJWT, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/src/organizations/handler.ts';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { organizationTimeZone } from '../../functions/src/platform/tenancy/organization-time-zone.repository.ts';
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
      reports: 'enable',
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

  describe('the time zone update (spec 001 §7, §8; superadmins only)', () => {
    let orgId: string;
    let ownerToken: string;
    const tokens: Partial<Record<'admin' | 'assistant' | 'employee', string>> = {};
    const patch = (value: unknown) => [{ op: 'add', path: '/time_zone', value }];
    const update = (body: unknown, token = ownerToken) => call('PATCH', `/api/organizations/${orgId}/time-zone`, { token, body });
    const zoneInList = async () => (await call('GET', '/api/organizations', { token: ownerToken })).body.find((org: { id: string }) => org.id === orgId)?.time_zone;

    beforeAll(async () => {
      const email = `zone-${randomUUID()}@zone.test`;
      const ownerId = await createIdentity(email, 'Zone-Owner-1!');
      orgId = await foundOrganization({ name: 'Zone Shop', timeZone: 'Europe/Berlin', owner: ownerOf(ownerId, ['superadmin'], email) });
      ownerToken = await signIn(email, 'Zone-Owner-1!');
      for (const role of ['admin', 'assistant', 'employee'] as const) {
        const memberEmail = `${role}-${randomUUID()}@zone.test`;
        const userId = await createIdentity(memberEmail, 'Zone-Member-1!');
        await MembershipEntity.create({ orgId, userId, roles: [role] }).go();
        tokens[role] = await signIn(memberEmail, 'Zone-Member-1!');
      }
    });

    it("answers the new zone, which the organisation's list and every feature's reading of it then show", async () => {
      const { status, body } = await update(patch('America/New_York'));
      expect(status).toBe(200);
      expect(body).toEqual({ time_zone: 'America/New_York' });
      expect(await zoneInList()).toBe('America/New_York');
      expect(await organizationTimeZone(orgId)).toBe('America/New_York');
    });

    it("keeps today's IANA names (not ICU's older links) and the listed spelling of a name sent in another case", async () => {
      expect((await update(patch('Europe/Kyiv'))).body).toEqual({ time_zone: 'Europe/Kyiv' });
      expect((await update(patch('asia/tokyo'))).body).toEqual({ time_zone: 'Asia/Tokyo' });
      expect((await update(patch('UTC'))).body).toEqual({ time_zone: 'UTC' });
      expect(await zoneInList()).toBe('UTC');
    });

    it("answers 'Time zone not found' for a name the IANA database does not know, and keeps the zone", async () => {
      await update(patch('Europe/Berlin'));
      for (const value of ['Europe/Atlantis', 'Mars/Olympus_Mons', '+01:00', 'Not a zone', '']) {
        const { status, body } = await update(patch(value));
        expect(status, value).toBe(400);
        expect(body, value).toMatchObject({
          message: value ? 'Time zone not found' : 'Invalid time zone',
          code: value ? 'timeZone.notFound' : 'timeZone.invalid',
        });
      }
      expect(await zoneInList()).toBe('Europe/Berlin');
    });

    it("answers 'Invalid time zone' for anything that is not the one add operation on /time_zone", async () => {
      const malformed = [
        [{ op: 'replace', path: '/time_zone', value: 'Europe/Paris' }],
        [{ op: 'add', path: '/name', value: 'Europe/Paris' }],
        [{ op: 'add', path: '/time_zone' }],
        [{ path: '/time_zone', value: 'Europe/Paris' }],
        [],
        [...patch('Europe/Paris'), ...patch('Europe/Rome')],
        patch(`Europe/${'x'.repeat(80)}`),
      ];
      for (const body of malformed) {
        const answer = await update(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body, JSON.stringify(body)).toMatchObject({ message: 'Invalid time zone', code: 'timeZone.invalid' });
      }
      // Wrong JSON types are refused by the type check before the schema, with its own words.
      for (const body of [{ op: 'add', path: '/time_zone', value: 'Europe/Paris' }, patch(42), 'null']) {
        const answer = await update(body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(answer.body.code, JSON.stringify(body)).toBe('invalid_input');
      }
      expect(await zoneInList()).toBe('Europe/Berlin');
    });

    it('refuses admins, assistants and employees (403) and another organisation (403), changing nothing', async () => {
      for (const role of ['admin', 'assistant', 'employee'] as const) {
        const { status } = await update(patch('Europe/Paris'), tokens[role]);
        expect(status, role).toBe(403);
      }
      expect((await update(patch('Europe/Paris'), demoToken)).status).toBe(403);
      expect((await call('PATCH', `/api/organizations/${orgId}/time-zone`, { body: patch('Europe/Paris') })).status).toBe(401);
      expect(await zoneInList()).toBe('Europe/Berlin');
    });
  });
});
