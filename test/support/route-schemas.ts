import { MODULES, type RouteDefinition } from '@portal/shared/api/route-table';
import type { RequestSchemas } from '../../functions/src/platform/http/validate.middleware.ts';

/**
 * The path, query and body schemas of every route of the route table, by route key, as each
 * module's handler carries them (`createModuleHandler` exposes them for exactly this). Importing a
 * handler opens no connection, so the unit tests that walk every route's input rules stay I/O-free.
 */
type ModuleHandler = { schemas: ReadonlyMap<string, RequestSchemas> };

export async function schemasOfEveryRoute(): Promise<Map<string, RequestSchemas>> {
  const byRoute = new Map<string, RequestSchemas>();
  for (const module of MODULES) {
    const { handler } = (await import(`../../functions/src/${module}/handler.ts`)) as { handler: ModuleHandler };
    for (const [key, schemas] of handler.schemas) byRoute.set(key, schemas);
  }
  return byRoute;
}

/** The route's path parameters, in the order of its path. */
export const pathParameterNames = (route: RouteDefinition) => [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);

