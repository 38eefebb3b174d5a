import { describe, expect, it } from 'vitest';
import { fillRoute, organizationOf, orgPaths, pathWithinOrg, paths, returnPath, routePattern } from './paths.ts';

describe('paths', () => {
  it('builds organisation links under the organisation id', () => {
    expect(paths.organization.href('org 1')).toBe('/org%201');
    expect(paths.organization.href('org-1', '/tasks')).toBe('/org-1/tasks');
    expect(paths.organization.href('org-1', orgPaths.helpFaq)).toBe('/org-1/help/FAQ');
    expect(paths.home.href({ choose: true })).toBe('/?choose=1');
  });

  it('finds the organisation of a pathname, and none on the app’s own top-level paths', () => {
    expect(organizationOf('/org-1/notifications')).toBe('org-1');
    expect(organizationOf('/org%201')).toBe('org 1');
    expect(organizationOf(paths.organization.href('org-1', orgPaths.helpFaq))).toBe('org-1');
    for (const path of ['/', '', '/signin', '/signup', '/change-password', '/watch', '/kiosk', '/%E0%A4%A']) expect(organizationOf(path)).toBeUndefined();
  });

  it('turns an in-organisation route into a router pattern relative to its parent', () => {
    expect(routePattern(orgPaths.dashboard)).toBe('dashboard');
    expect(routePattern(orgPaths.automationTriggers, orgPaths.automation)).toBe('triggers');
    expect(routePattern(orgPaths.helpContactUsCreate, orgPaths.helpContactUs)).toBe('create');
    expect(() => routePattern(orgPaths.tasks, orgPaths.help)).toThrow(/not under/);
  });

  it('fills route parameters, encoded, and mounts parameterised routes under their parent', () => {
    expect(fillRoute(orgPaths.userEdit, { userId: 'u 1' })).toBe('/users/u%201/edit');
    expect(fillRoute(orgPaths.tabletEdit, { deviceId: 'd1' })).toBe('/devices/tablet/d1/edit');
    expect(() => fillRoute(orgPaths.deviceEdit, {})).toThrow(/deviceId/);
    expect(routePattern(orgPaths.usersDeviceEdit, orgPaths.usersDevices)).toBe(':userId/edit');
    expect(routePattern(orgPaths.tabletTemplateDelete, orgPaths.settingsTablet)).toBe('templates/:templateId/delete');
  });

  it('reads the route inside the organisation from a pathname', () => {
    expect(pathWithinOrg('/org-1', 'org-1')).toBe('/');
    expect(pathWithinOrg('/org-1/dashboard/tasks', 'org-1')).toBe('/dashboard/tasks');
    expect(pathWithinOrg('/org-10/tasks', 'org-1')).toBe('/org-10/tasks');
  });
});

describe('returnPath', () => {
  it('returns to an in-app path', () => {
    expect(returnPath({ from: '/org-1/tasks?x=1' })).toBe('/org-1/tasks?x=1');
  });

  it('falls back to home for anything unsafe or pointless', () => {
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
    expect(returnPath({ from: '//evil.example' })).toBe('/');
    expect(returnPath({ from: '/signin' })).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
  });
});
