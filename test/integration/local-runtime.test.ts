import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isRunning, startPortal } from '../support/portal-process.ts';
import { DEMO_DEFAULTS } from '../../infra/local/seed.ts';
import { signIn } from '../support/identity.ts';

/** Raw HTTP, so a GET can carry a body (fetch refuses to). */
function send(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const headers = { ...options.headers, ...(options.body ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}) };
    const req = request(url, { method: options.method ?? 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('the running local API', () => {
  const runtime = inject('runtime');

  it('serves /config.json in the RuntimeConfig shape, pointing at its own origin', async () => {
    const response = await fetch(`${runtime.url}/config.json`);
    const host = new URL(runtime.url).host;
    expect(await response.json()).toEqual({
      apiBaseUrl: '/api',
      region: 'eu-central-1',
      userPoolId: runtime.userPoolId,
      userPoolClientId: runtime.userPoolClientId,
      userPoolEndpoint: `http://${host}/cognito/`,
      mqttUrl: `ws://${host}/mqtt`,
      mqttTopicRoot: 'portal/v1',
    });
  });

  it('answers 404 JSON for an unknown API route and 400 for a body that is not JSON', async () => {
    const unknown = await send(`${runtime.url}/api/nothing-here`);
    expect(unknown).toMatchObject({ status: 404, body: JSON.stringify({ message: 'Not Found' }) });
    expect(unknown.type).toContain('application/json');

    const token = await signIn(DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
    const broken = await send(`${runtime.url}/api/organizations`, {
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: 'this is not json',
    });
    expect(broken.status).toBe(400);
    expect(JSON.parse(broken.body)).toEqual({ message: 'The request body is not valid JSON', code: 'body_not_json' });
  });

  it('answers 401 and 403 through HTTP as the handlers decide', async () => {
    expect((await send(`${runtime.url}/api/organizations`)).status).toBe(401);
    const token = await signIn(DEMO_DEFAULTS.email, DEMO_DEFAULTS.password);
    const other = await send(`${runtime.url}/api/organizations/not-mine/settings/features`, { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(403);
  });

  it("proxies the browser's sign-in to cognito-local under /cognito/, and nothing else of it", async () => {
    const health = await fetch(`${runtime.url}/cognito/health`);
    expect(health.status).toBe(403);
    // The sign-in itself: listOrganizations below signs in through the proxy.
    const organizations = await listOrganizations(runtime.url, DEMO_DEFAULTS.password);
    expect(organizations.map((organization) => organization.name)).toContain(DEMO_DEFAULTS.organizationName);
  });
});

describe('npm start, twice', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints the URL and credentials, stops its children on Ctrl-C, and keeps the data', async () => {
    const dist = join(dataDir, 'dist');
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    const env = { DATA_DIR: dataDir, PORT: '0', FRONTEND_DIST: dist, DEMO_ADMIN_PASSWORD: 'Restart-Pass-1!' };

    const first = await startPortal(env);
    expect(first.output).toContain('Sign in as admin@demo.local / Restart-Pass-1!');
    const firstOrgs = await listOrganizations(first.url, 'Restart-Pass-1!');
    const spa = await send(`${first.url}/some/deep/link`);
    const dynamoDbPid = await first.stop();
    expect(dynamoDbPid).toBeGreaterThan(0);
    expect(isRunning(dynamoDbPid)).toBe(false);

    const second = await startPortal(env);
    const secondOrgs = await listOrganizations(second.url, 'Restart-Pass-1!');
    await second.stop();

    expect(spa).toMatchObject({ status: 200, body: '<!doctype html><title>portal</title>' });
    expect(firstOrgs).toHaveLength(1);
    expect(firstOrgs[0]!.name).toBe('Demo Organization');
    expect(secondOrgs).toEqual(firstOrgs);
  }, 90_000);
});

/** Signs in through the runtime's own /cognito proxy, as the browser does. */
async function listOrganizations(url: string, password: string) {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { userPoolClientId: string };
  const auth = await fetch(`${url}/cognito/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.userPoolClientId,
      AuthParameters: { USERNAME: DEMO_DEFAULTS.email, PASSWORD: password },
    }),
  });
  const { AuthenticationResult } = (await auth.json()) as { AuthenticationResult: { IdToken: string } };
  const response = await fetch(`${url}/api/organizations`, { headers: { authorization: `Bearer ${AuthenticationResult.IdToken}` } });
  return (await response.json()) as Array<{ id: string; name: string }>;
}
