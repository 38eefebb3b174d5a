import { describe, expect, it } from 'vitest';
import { MODULES } from './route-table.ts';
import { UPLINK_ROUTES, uplinkRouteOf, uplinkRuleSql } from './uplink-table.ts';

describe('the uplink table', () => {
  it('has one row per kind, known modules, and names fit for SQL, files and rule names', () => {
    const kinds = UPLINK_ROUTES.map((route) => route.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    const rules = UPLINK_ROUTES.map((route) => route.rule);
    expect(new Set(rules).size).toBe(rules.length);
    for (const route of UPLINK_ROUTES) {
      expect(MODULES).toContain(route.module);
      expect(route.kind).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(route.handler).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(route.rule).toMatch(/^[A-Za-z0-9_]+$/);
    }
  });

  it('finds the row of a kind, and none for other kinds or values', () => {
    expect(uplinkRouteOf('notification')).toMatchObject({ module: 'notifications', handler: 'uplink' });
    expect(uplinkRouteOf('action')).toMatchObject({ module: 'actions', handler: 'uplink', rule: 'action_answers' });
    expect(uplinkRouteOf('task')).toMatchObject({ module: 'tasks', handler: 'uplink', rule: 'task_events' });
    for (const kind of ['tasks', '', undefined, 42, { kind: 'notification' }]) expect(uplinkRouteOf(kind)).toBeUndefined();
  });

  it("builds each row's IoT rule over every events topic under the deployment's root", () => {
    expect(uplinkRuleSql({ kind: 'notification' }, 'portal/v1')).toBe("SELECT *, topic() AS topic FROM 'portal/v1/+/+/+/events' WHERE data.kind = 'notification'");
    expect(uplinkRuleSql({ kind: 'notification' }, 'staging/v1')).toContain("FROM 'staging/v1/+/+/+/events'");
    expect(() => uplinkRuleSql({ kind: 'notification' }, "x'/v1")).toThrow(/two levels/);
  });
});
