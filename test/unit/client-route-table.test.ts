import { describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/shared/api/route-table';
import { clientRouteTable } from '../../frontend/build/client-route-table.ts';

type Hook = (this: unknown, ...args: string[]) => unknown;
const plugin = clientRouteTable();
const resolveId = plugin.resolveId as unknown as Hook;
const load = plugin.load as unknown as Hook;

/** The module the build gives the app for the route table, evaluated as the browser would. */
async function clientModule(): Promise<{ findRoute: (module: string, handler: string) => Record<string, unknown> }> {
  const id = resolveId.call(undefined, '@portal/shared/api/route-table') as string;
  const code = load.call(undefined, id) as string;
  return import(`data:text/javascript,${encodeURIComponent(code)}`);
}

describe("the route table as the app's build takes it (frontend/build/client-route-table.ts, decision 0078)", () => {
  it('stands in for the route table only, and only in a build', () => {
    expect(plugin.apply).toBe('build');
    expect(resolveId.call(undefined, '@portal/shared/api/route-path')).toBeNull();
  });

  it('answers every row of THE table by its module and handler, with all the API client reads of it', async () => {
    // lib/api-client.ts reads the method, the path and whether the route is public.
    const { findRoute } = await clientModule();
    for (const { module, handler, method, path, access } of ROUTES) expect(findRoute(module, handler), `${module}.${handler}`).toEqual({ module, handler, method, path, access });
  });

  it('refuses a handler of another module, as the table does', async () => {
    const { findRoute } = await clientModule();
    const [notification] = ROUTES.filter((route) => route.module === 'notifications');
    expect(() => findRoute('tasks', notification!.handler)).toThrow(`No route tasks.${notification!.handler} in the route table`);
  });

  it('carries no row\u2019s roles or feature', async () => {
    const code = load.call(undefined, resolveId.call(undefined, '@portal/shared/api/route-table') as string) as string;
    expect(code).not.toMatch(/"(roles|feature)":|superadmin|employee/);
  });
});
