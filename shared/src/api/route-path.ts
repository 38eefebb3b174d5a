import type { HttpMethod, RouteDefinition } from './route-table.ts';

const PARAM = /\{(\w+)\}/g;

/** Fills `{name}` placeholders; every value is URI-encoded. Throws on a missing parameter. */
export function buildPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(PARAM, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** What matching needs of a route: the route table's rows, or the routes of a synthesised template (test/support/aws-emulated). */
export type MatchableRoute = Pick<RouteDefinition, 'method' | 'path'>;

export interface RouteMatch<R extends MatchableRoute = RouteDefinition> {
  route: R;
  pathParameters: Record<string, string>;
}

function compile(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\?\{(\w+)\\?\}/g, '(?<$1>[^/]+)')}$`);
}

/** Matches a request against a route list, as API Gateway does for literal and `{param}` segments. */
export function createRouteMatcher<R extends MatchableRoute>(routes: readonly R[]) {
  const compiled = routes.map((route) => ({ route, pattern: compile(route.path) }));
  return function match(method: string, path: string): RouteMatch<R> | undefined {
    for (const { route, pattern } of compiled) {
      if (route.method !== (method.toUpperCase() as HttpMethod)) continue;
      const m = pattern.exec(path);
      if (!m) continue;
      const pathParameters: Record<string, string> = {};
      for (const [k, v] of Object.entries(m.groups ?? {})) {
        try {
          pathParameters[k] = decodeURIComponent(v);
        } catch {
          return undefined;
        }
      }
      return { route, pathParameters };
    }
    return undefined;
  };
}
