import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiUrl, createApiClient, joinApiUrl } from './api-client.ts';

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function stubFetch(response: Response) {
  const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function client(overrides: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({
    baseUrl: () => '/api',
    getToken: async () => 'id-token',
    onUnauthorized: vi.fn(),
    ...overrides,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('joinApiUrl', () => {
  it('puts the base URL in place of the /api prefix', () => {
    expect(joinApiUrl('/api', '/api/organizations')).toBe('/api/organizations');
    expect(joinApiUrl('https://example.com/prod/api/', '/api/health')).toBe('https://example.com/prod/api/health');
    expect(joinApiUrl('/api', '/api')).toBe('/api');
    expect(joinApiUrl('/api', '/apinot')).toBe('/api/apinot');
  });
});

describe('apiUrl', () => {
  it('builds URLs from the route table with encoded parameters and a query', () => {
    expect(apiUrl('organizations', 'listOrganizations', {}, { baseUrl: '/api' })).toBe('/api/organizations');
    expect(
      apiUrl('organizations', 'getFeatureSettings', { orgId: 'a b/c' }, { baseUrl: '/api', query: { x: 1, y: undefined } }),
    ).toBe('/api/organizations/a%20b%2Fc/settings/features?x=1');
  });

  it('refuses a missing path parameter', () => {
    expect(() => apiUrl('organizations', 'getFeatureSettings', {}, { baseUrl: '/api' })).toThrow(/orgId/);
  });
});

describe('createApiClient', () => {
  it('sends the ID token as a bearer token and parses JSON', async () => {
    const fetch = stubFetch(jsonResponse(200, [{ id: 'org-1', name: 'Demo Organization' }]));
    const result = await client().request<unknown[]>('organizations', 'listOrganizations');
    expect(result).toEqual([{ id: 'org-1', name: 'Demo Organization' }]);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/organizations');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer id-token');
  });

  it('sends no token to public routes and JSON-encodes a body', async () => {
    const getToken = vi.fn(async () => 'id-token');
    const fetch = stubFetch(jsonResponse(200, { ok: true }));
    await client({ getToken }).request('organizations', 'health', { body: { a: 1 } });
    const init = fetch.mock.calls[0]?.[1];
    expect(getToken).not.toHaveBeenCalled();
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('returns the body of a 202 like any other success (a send now is accepted, then delivered on the queue)', async () => {
    stubFetch(jsonResponse(202, { id: 'n1', sent_at: '2026-01-01T00:00:00.000Z' }));
    await expect(client().request('notifications', 'createNotification', { params: { orgId: 'o1' }, body: {} })).resolves.toEqual({ id: 'n1', sent_at: '2026-01-01T00:00:00.000Z' });
  });

  it('returns undefined for an empty body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(client().request('organizations', 'listOrganizations')).resolves.toBeUndefined();
  });

  it('throws an ApiError carrying the status and the server message', async () => {
    stubFetch(jsonResponse(403, { message: 'Not allowed in this organization' }));
    const error = await client()
      .request('organizations', 'getFeatureSettings', { params: { orgId: 'org-1' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, serverMessage: 'Not allowed in this organization' });
    expect((error as ApiError).message).toBe('Not allowed in this organization');
  });

  it('throws an ApiError without a server message for a non-JSON error body', async () => {
    stubFetch(new Response('Bad Gateway', { status: 502 }));
    const error = await client().request('organizations', 'listOrganizations').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, serverMessage: undefined, body: 'Bad Gateway' });
  });

  it('rejects a successful answer that is not JSON (e.g. the SPA fallback page)', async () => {
    stubFetch(new Response('<!doctype html>', { status: 200 }));
    await expect(client().request('organizations', 'listOrganizations')).rejects.toThrow(/not JSON/);
  });

  it('ends the session on 401 and still reports the error', async () => {
    const onUnauthorized = vi.fn(async () => {
      throw new Error('sign-out failed');
    });
    stubFetch(jsonResponse(401, { message: 'Unauthorized' }));
    await expect(client({ onUnauthorized }).request('organizations', 'listOrganizations')).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not end the session on 403', async () => {
    const onUnauthorized = vi.fn();
    stubFetch(jsonResponse(403, { message: 'Forbidden' }));
    await expect(client({ onUnauthorized }).request('organizations', 'listOrganizations')).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
