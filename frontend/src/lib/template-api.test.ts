import { describe, expect, it } from 'vitest';
import { routesOf } from '@portal/shared/api/route-table';
import { templateRoutes } from './template-api.ts';

describe('templateRoutes', () => {
  it("reads a module's template routes off the route table by their names", () => {
    expect(templateRoutes('notifications')).toEqual({
      module: 'notifications',
      key: 'notification-templates',
      list: 'listNotificationTemplates',
      get: 'getNotificationTemplate',
      create: 'createNotificationTemplate',
      update: 'updateNotificationTemplate',
      remove: 'deleteNotificationTemplate',
    });
  });

  it.each(['notifications', 'actions', 'tasks'] as const)('names only routes %s has', (module) => {
    const { key, list, get, create, update, remove } = templateRoutes(module);
    expect(key).toBe(`${module.replace(/s$/, '')}-templates`);
    const names = routesOf(module).map((route) => route.handler);
    expect([list, get, create, update, remove].filter((handler) => !names.includes(handler))).toEqual([]);
  });
});
