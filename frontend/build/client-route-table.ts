import type { Plugin } from 'vite';
import { ROUTES } from '../../shared/src/api/route-table.ts';

const SPECIFIER = '@portal/shared/api/route-table';
const VIRTUAL = '\0portal-client-route-table';

/**
 * The route table as the browser uses it (issue 30): the app builds URLs from a route's module and
 * handler (lib/api-client.ts, `findRoute(...).path`), nothing else of a row. So the build hands the
 * app that map, made from THE route table at build time, in place of the table with every row's
 * roles, feature and access and the modules' declarations it is assembled from (decision 0078).
 * Types still come from the table itself, and dev mode and the tests import it as it is.
 */
export function clientRouteTable(): Plugin {
  return {
    name: 'portal-client-route-table',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === SPECIFIER ? VIRTUAL : null),
    load(id) {
      if (id !== VIRTUAL) return null;
      const paths: Record<string, Record<string, string>> = {};
      for (const { module, handler, path } of ROUTES) {
        const own = (paths[module] ??= {});
        if (own[handler]) throw new Error(`The route table has two rows for ${module}.${handler}: the app could not tell them apart`);
        own[handler] = path;
      }
      return [
        `const PATHS = ${JSON.stringify(paths)};`,
        // The table's own findRoute, for the one field the app reads.
        'export function findRoute(module, handler) {',
        '  const path = PATHS[module]?.[handler];',
        '  if (!path) throw new Error(`No route ${module}.${handler} in the route table`);',
        '  return { module, handler, path };',
        '}',
      ].join('\n');
    },
  };
}
