import { describe, expect, it } from 'vitest';
import { ORG_API_PREFIX } from '../tenancy/org-path.ts';
import { buildPath, createRouteMatcher } from './route-path.ts';
import { MODULES, ROUTES, routeKey } from './route-table.ts';

describe('the route table', () => {
  it('has unique route keys and only known modules', () => {
    const keys = ROUTES.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const route of ROUTES) expect(MODULES).toContain(route.module);
  });

  it('puts every organisation route under the organisation prefix, with its roles', () => {
    for (const route of ROUTES.filter((r) => r.access === 'organization')) {
      expect(route.path.startsWith(ORG_API_PREFIX)).toBe(true);
      expect('roles' in route && route.roles.length).toBeGreaterThan(0);
    }
  });
});

describe('route matching and building', () => {
  const match = createRouteMatcher(ROUTES);

  it('matches literal and parameter segments like API Gateway', () => {
    expect(match('GET', '/api/health')?.route.handler).toBe('health');
    const found = match('get', '/api/organizations/org%201/settings/features');
    expect(found?.route.handler).toBe('getFeatureSettings');
    expect(found?.pathParameters).toEqual({ orgId: 'org 1' });
  });

  it('does not match other methods, extra segments or empty parameters', () => {
    expect(match('POST', '/api/health')).toBeUndefined();
    expect(match('GET', '/api/organizations/o1/settings/features/x')).toBeUndefined();
    expect(match('GET', '/api/organizations//settings/features')).toBeUndefined();
  });

  it('builds paths with encoded parameters and refuses missing ones', () => {
    expect(buildPath('/api/organizations/{orgId}/settings/features', { orgId: 'a/b' })).toBe('/api/organizations/a%2Fb/settings/features');
    expect(() => buildPath('/api/organizations/{orgId}', {})).toThrow('Missing path parameter orgId');
  });
});
