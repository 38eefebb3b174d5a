import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '@portal/shared/api/route-table';
import { buildPath } from '@portal/shared/api/route-path';
import { foundOrganization } from '../../functions/src/organizations/organizations.service.ts';
import { MembershipEntity } from '../../functions/src/platform/tenancy/membership.entity.ts';
import { updateGeneralSettings } from '../../functions/src/settings/general-settings.service.ts';
import { callApi } from '../support/call-route.ts';
import { createIdentity, signIn } from '../support/identity.ts';
import { ownerOf, SETUP_ACTOR } from '../support/owner.ts';

/**
 * Every route of the route table, called by four principals (and once more in an organisation
 * with every feature off). New routes join automatically. Bodies are empty, so a route that lets
 * the caller through answers 2xx or a 4xx of its own (validation, not found), never 401/403/500.
 */
interface Principal {
  name: string;
  token?: string;
}

async function member(orgId: string | undefined, roles: ('superadmin' | 'assistant')[], name: string) {
  const email = `${name}-${randomUUID()}@access.test`;
  const userId = await createIdentity(email, 'Access-Pass-1!');
  const org = orgId ?? (await foundOrganization({ name, timeZone: 'Europe/Berlin', owner: ownerOf(userId, roles, email) }));
  if (orgId) await MembershipEntity.create({ orgId, userId, roles }).go();
  return { orgId: org, token: await signIn(email, 'Access-Pass-1!') };
}

function pathFor(route: RouteDefinition, orgId: string) {
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, name === 'orgId' ? orgId : `unknown-${name}`]));
  return buildPath(route.path, params);
}

async function call(route: RouteDefinition, orgId: string, principal: Principal) {
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return callApi(route.module, route.method, pathFor(route, orgId), { token: principal.token, body: hasBody ? {} : undefined });
}

const allowedFor = (route: RouteDefinition, role: 'superadmin' | 'assistant') =>
  route.access !== 'organization' || (route.roles ?? []).includes(role);

describe('every route by principal', () => {
  let orgA: string;
  let own: Principal;
  let other: Principal;
  let assistant: Principal;
  const anonymous: Principal = { name: 'no token' };

  beforeAll(async () => {
    const owner = await member(undefined, ['superadmin'], 'own');
    orgA = owner.orgId;
    own = { name: 'own organisation', token: owner.token };
    other = { name: 'another organisation', token: (await member(undefined, ['superadmin'], 'other')).token };
    assistant = { name: 'assistant', token: (await member(orgA, ['assistant'], 'assistant')).token };
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', async (_, route) => {
    const answers = {
      own: (await call(route, orgA, own)).status,
      other: (await call(route, orgA, other)).status,
      anonymous: (await call(route, orgA, anonymous)).status,
      assistant: (await call(route, orgA, assistant)).status,
    };
    const passes = (status: number) => status < 500 && status !== 401 && status !== 403;
    for (const status of Object.values(answers)) expect(status).toBeLessThan(500);

    if (route.access === 'public') expect(passes(answers.anonymous)).toBe(true);
    else expect(answers.anonymous).toBe(401);

    expect(allowedFor(route, 'superadmin') ? passes(answers.own) : answers.own === 403).toBe(true);
    if (route.access === 'organization') expect(answers.other).toBe(403);
    else expect(passes(answers.other)).toBe(true);
    if (allowedFor(route, 'assistant')) expect(passes(answers.assistant)).toBe(true);
    else expect(answers.assistant).toBe(403);
    // A webhook (public, raw body) judges the trigger first: an unknown one is 404 for everyone,
    // whatever token or body comes along (a portal token is no webhook secret; the body is not parsed).
    if ((route as RouteDefinition).rawBody) expect(answers).toEqual({ own: 404, other: 404, anonymous: 404, assistant: 404 });
  });

  it("answers 403 on every feature route of an organisation whose features are all off, and only there", async () => {
    const off = await member(undefined, ['superadmin'], 'features-off');
    await updateGeneralSettings(off.orgId, {
      general: {
        features: { dashboard: 'disable', shift_planner: 'disable', notifications: 'disable', tasks: 'disable', actions: 'disable-and-hide', automation: 'disable', reports: 'disable' },
      },
    }, SETUP_ACTOR);
    for (const route of (ROUTES as readonly RouteDefinition[]).filter((r) => r.access === 'organization')) {
      const { status } = await call(route, off.orgId, { name: 'superadmin', token: off.token });
      expect([route.path, status === 403]).toEqual([route.path, Boolean(route.feature)]);
    }
  });
});
