import type { Plugin } from 'vite';
import { ROUTES } from '../../shared/src/api/route-table.ts';

const SPECIFIER = '@portal/shared/api/route-table';
const VIRTUAL = '\0portal-client-route-table';
const ORG_PREFIX = '/api/organizations/{orgId}';

/**
 * The route table as the browser uses it (issue 30): the app's API client reads a row's method,
 * path and access (a public route goes without a token; lib/api-client.ts, typed `ClientRoute`),
 * found by its module and handler. So the build hands the app those fields of each row, made
 * from THE route table at build time, in place of the table with
 * every row's roles and feature and the modules' declarations it is assembled from (decision 0078).
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
      // "METHOD path" by module and handler, the organisation prefix as "~"; the access of the few
      // rows that are not organisation routes apart. Compact: every signed-in page loads it.
      const rows: Record<string, Record<string, string>> = {};
      const access: Record<string, string> = {};
      for (const route of ROUTES) {
        const own = (rows[route.module] ??= {});
        if (own[route.handler]) throw new Error(`The route table has two rows for ${route.module}.${route.handler}: the app could not tell them apart`);
        if (route.path.includes(' ')) throw new Error(`${route.module}.${route.handler}: a path with a space`);
        own[route.handler] = `${route.method} ${route.path.startsWith(ORG_PREFIX) ? `~${route.path.slice(ORG_PREFIX.length)}` : route.path}`;
        if (route.access !== 'organization') access[`${route.module}.${route.handler}`] = route.access;
      }
      return [
        `const ROWS = ${JSON.stringify(rows)};`,
        `const ACCESS = ${JSON.stringify(access)};`,
        // The table's own findRoute, with the fields the app reads.
        'export function findRoute(module, handler) {',
        '  const row = ROWS[module]?.[handler];',
        '  if (!row) throw new Error(`No route ${module}.${handler} in the route table`);',
        "  const [method, path] = row.split(' ');",
        `  return { module, handler, method, path: path.replace(/^~/, ${JSON.stringify(ORG_PREFIX)}), access: ACCESS[\`\${module}.\${handler}\`] ?? 'organization' };`,
        '}',
      ].join('\n');
    },
  };
}
