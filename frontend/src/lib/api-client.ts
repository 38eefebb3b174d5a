import { findRoute, type ClientRoute, type HandlerName, type ModuleName } from '@portal/shared/api/route-table';
import { buildPath } from '@portal/shared/api/route-path';
import { getConfig } from './config.ts';
import { ApiError, joinApiUrl } from './api-url.ts';

// In their own module, apart from the route table, so the entry (error pages, the error reporter) does not carry it (issue 30).
export { ApiError, joinApiUrl };

export type PathParams = Record<string, string>;
export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  params?: PathParams;
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
}

/** (module, handler) pairs of the route table, so a handler is only accepted with its own module. */
type RouteArgs = {
  [M in ModuleName]: [module: M, handler: HandlerName<M>, options?: RequestOptions];
}[ModuleName];

function withQuery(url: string, query: QueryParams | undefined): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

/**
 * The URL of a route-table entry, e.g. apiUrl('organizations', 'getFeatureSettings', { orgId }).
 * The base URL defaults to the runtime configuration's.
 */
export function apiUrl<M extends ModuleName>(
  module: M,
  handler: HandlerName<M>,
  params: PathParams = {},
  { baseUrl = getConfig().apiBaseUrl, query }: { baseUrl?: string; query?: QueryParams } = {},
): string {
  return withQuery(joinApiUrl(baseUrl, buildPath(findRoute(module, handler).path, params)), query);
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
    return body.message;
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    if (response.ok) throw new Error(`Response is not JSON (HTTP ${response.status})`);
    return text;
  }
}

export interface ApiClientOptions {
  baseUrl: () => string;
  /** The Cognito ID token: the backend reads organisation roles from its claims. */
  getToken: () => Promise<string | undefined>;
  /** Called on 401: the token is no good any more, so the session is ended. */
  onUnauthorized: () => void | Promise<void>;
}

export function createApiClient(options: ApiClientOptions) {
  async function request<T>(...[module, handler, opts = {}]: RouteArgs): Promise<T> {
    // A ClientRoute: the fields the production build keeps of a row (decision 0078).
    const route: ClientRoute = findRoute(module, handler);
    const url = apiUrl(module, handler, opts.params, { baseUrl: options.baseUrl(), query: opts.query });
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (route.access !== 'public') {
      const token = await options.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
    }
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';

    // Read fetch at call time, so tests can stub the global.
    const response = await globalThis.fetch(url, {
      method: route.method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
    const body = await readBody(response);
    if (response.status === 401) {
      try {
        await options.onUnauthorized();
      } catch {
        // Signing out is best effort; the caller still gets the 401.
      }
    }
    if (!response.ok) throw new ApiError(response.status, messageOf(body), body);
    return body as T;
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;
