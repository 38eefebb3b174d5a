import { describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteDefinition } from '../api/route-table.ts';
import { AREA_ROLES, SETUP_AREAS, type Area, type SetupArea } from './areas.ts';
import { ORG_API_PREFIX } from './org-path.ts';
import { ROLES } from './roles.ts';

/**
 * The API paths behind each setup page. Feature modules are known by their routes' `feature`;
 * routes every page reads (feature settings, the recipient picker of all senders) belong to no area.
 */
const SETUP_API_PATHS: Record<SetupArea, readonly string[]> = {
  users: ['/users', '/user-groups', '/access-levels'],
  devices: ['/devices', '/device-settings', '/tablet-templates'],
  settings: ['/settings/general'],
};

function areaOf(route: RouteDefinition): Area | undefined {
  if (route.feature) return route.feature;
  const path = route.path.slice(ORG_API_PREFIX.length);
  return SETUP_AREAS.find((area) => SETUP_API_PATHS[area].some((prefix) => path === prefix || path.startsWith(`${prefix}/`)));
}

/**
 * Reads narrower than their area, on purpose: employees use the tasks page to read the tasks given
 * to them (decision 0028); drafts, templates, the settings and a series' root are the senders'.
 */
const SENDERS_ONLY_READS = new Set([
  'GET /tasks/{taskId}/recurring-root',
  'GET /task-drafts',
  'GET /task-drafts/{draftId}',
  'GET /task-templates',
  'GET /task-templates/{templateId}',
  'GET /settings/tasks',
]);
const sendersOnlyRead = (route: RouteDefinition) => SENDERS_ONLY_READS.has(`${route.method} ${route.path.slice(ORG_API_PREFIX.length)}`);

const orgRoutes = (ROUTES as readonly RouteDefinition[]).filter((route) => route.access === 'organization');
const byArea = new Map<Area, RouteDefinition[]>();
for (const route of orgRoutes) {
  const area = areaOf(route);
  if (area) byArea.set(area, [...(byArea.get(area) ?? []), route]);
}

describe('the role rule agrees with the route table, for every route and every role', () => {
  it('finds the routes of every area the server has built', () => {
    for (const area of ['notifications', 'users', 'devices', 'settings'] as const) expect(byArea.get(area)?.length, area).toBeGreaterThan(0);
  });

  it.each([...byArea.keys()])('%s: a role the rule admits may read every page route; one it refuses is refused on every route', (area) => {
    for (const route of byArea.get(area)!) {
      const allowed = route.roles ?? [];
      for (const role of ROLES) {
        const admitted = AREA_ROLES[area].includes(role);
        const label = `${role} ${routeKey(route)}`;
        // Reads make the page: the rule shows it exactly to the roles the server lets read it.
        if (route.method === 'GET' && !sendersOnlyRead(route)) expect(allowed.includes(role), label).toBe(admitted);
        else if (route.method === 'GET') expect(allowed.includes(role), label).toBe(admitted && role !== 'employee');
        // Writes may be narrower (general settings: superadmins), never wider than the area.
        else if (allowed.includes(role)) expect(admitted, label).toBe(true);
      }
    }
  });

  it('names only routes that exist as senders-only reads', () => {
    for (const key of SENDERS_ONLY_READS) expect(orgRoutes.some(sendersOnlyRead) && orgRoutes.some((route) => `${route.method} ${route.path.slice(ORG_API_PREFIX.length)}` === key), key).toBe(true);
  });

  it('keeps setup routes out of feature modules: a setup area has no feature flag', () => {
    for (const area of SETUP_AREAS) for (const route of byArea.get(area) ?? []) expect(route.feature, routeKey(route)).toBeUndefined();
  });
});
